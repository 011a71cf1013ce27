import type { ShopDb } from '../../../server/db/index.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../../server/auth/passwords.ts';
import { isoNow } from '../../../server/auth/secrets.ts';
import { Problem } from '../../../server/problem.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import { issueRecoveryCodes, recoveryCodesLeft, spendRecoveryCode } from './recovery-codes.ts';
import type { StaffActor } from './staff-actor.ts';
import {
  checkTotp,
  endOwnSession,
  listStaffSessions,
  renewAloneSession,
  STAFF_REALM,
  type OpenSession,
  type SessionClient,
  type StaffSessionView,
} from './staff-sessions.ts';

/**
 * A member's own account (issue 34, /admin/account): their password, their signed-in sessions, their recovery codes.
 * Each change is audited; a password change ends every other session and renews the one it was made in.
 */

export interface StaffAccountView {
  sessions: StaffSessionView[];
  recoveryCodesLeft: number;
}

export async function staffAccount(db: ShopDb, session: OpenSession): Promise<StaffAccountView> {
  return {
    sessions: await listStaffSessions(db, session),
    recoveryCodesLeft: await recoveryCodesLeft(db, STAFF_REALM, session.staff.id),
  };
}

async function requirePassword(db: ShopDb, staffId: number, password: string, field: string): Promise<void> {
  const row = await db.selectFrom('staff').select('password_hash').where('id', '=', staffId).executeTakeFirstOrThrow();
  if (!row.password_hash || !(await verifyPassword(password, row.password_hash)))
    throw new Problem(422, 'admin.wrongPassword', { fields: { [field]: ['admin.wrongPassword'] } });
}

/** An authenticator code (6 digits) or an unused recovery code. */
async function requireCode(db: ShopDb, staffId: number, code: string): Promise<'code' | 'recovery_code'> {
  const totp = /^\d{6}$/.test(code.replace(/\s+/g, ''));
  const ok = totp ? await checkTotp(db, staffId, code) : await spendRecoveryCode(db, STAFF_REALM, staffId, code);
  if (!ok) throw new Problem(422, 'admin.wrongCode', { fields: { code: ['admin.wrongCode'] } });
  return totp ? 'code' : 'recovery_code';
}

/**
 * Changes the member's password: the current one and a second-factor code prove it is them, the new one follows the
 * invitation's rules. Every other session of theirs ends; this one continues under a new token (returned).
 */
export async function changeOwnPassword(
  db: ShopDb,
  session: OpenSession,
  input: { current_password: string; password: string; code: string },
  actor: StaffActor,
  client: SessionClient,
): Promise<{ token: string; ended: number }> {
  const staffId = session.staff.id;
  await requirePassword(db, staffId, input.current_password, 'current_password');
  if (isCommonPassword(input.password))
    throw new Problem(422, 'admin.commonPassword', { fields: { password: ['admin.commonPassword'] } });
  const used = await requireCode(db, staffId, input.code);
  const hash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ password_hash: hash, updated_at: isoNow() }).where('id', '=', staffId).execute();
    const renewed = await renewAloneSession(trx, session, client);
    if (used === 'recovery_code')
      await recordAudit(trx, actor, {
        action: 'staff.recoveryCode.use',
        subject: { type: 'staff', id: staffId },
        after: { left: await recoveryCodesLeft(trx, STAFF_REALM, staffId) },
      });
    await recordAudit(trx, actor, {
      action: 'staff.password.change',
      subject: { type: 'staff', id: staffId },
      after: { sessionsEnded: renewed.ended },
    });
    return renewed;
  });
}

/** Ends one of the member's own sessions (another browser, or this one); 404 when they have none by that id. */
export async function endOwnStaffSession(
  db: ShopDb,
  session: OpenSession,
  publicId: string,
  actor: StaffActor,
): Promise<{ current: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (!(await endOwnSession(trx, session.staff.id, publicId))) throw new Problem(404, 'admin.sessionNotFound');
    await recordAudit(trx, actor, {
      action: 'staff.session.end',
      subject: { type: 'staff', id: session.staff.id },
      after: { session: publicId, by: 'member' },
    });
    return { current: publicId === session.publicId };
  });
}

/** New recovery codes for the member (their password proves it is them): the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: ShopDb,
  session: OpenSession,
  password: string,
  actor: StaffActor,
): Promise<string[]> {
  await requirePassword(db, session.staff.id, password, 'password');
  return db.transaction().execute(async (trx) => {
    const voided = await recoveryCodesLeft(trx, STAFF_REALM, session.staff.id);
    const codes = await issueRecoveryCodes(trx, STAFF_REALM, session.staff.id);
    await recordAudit(trx, actor, {
      action: 'staff.recoveryCodes.regenerate',
      subject: { type: 'staff', id: session.staff.id },
      before: { left: voided },
      after: { left: codes.length },
    });
    return codes;
  });
}
