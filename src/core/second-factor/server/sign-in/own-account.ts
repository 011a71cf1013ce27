import type { ShopDb } from '#server/db/index.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '#server/auth/passwords.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { Problem } from '#server/problem.ts';
import type { AuditAction } from '#core/audit/audit-actions.ts';
import { recordAudit, type AuditActor, type SellerAuditActor } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { issueRecoveryCodes, recoveryCodesLeft, spendRecoveryCode } from '../recovery-codes.ts';
import type { OwnAccountView, OwnSessionView } from '../../own-account-view.ts';
import { realmDb, tablesOf, type TwoFactorRealm } from './realm.ts';
import { checkTotp, isLive, renewSession, type MemberSession, type SessionClient } from './sessions.ts';

/**
 * A member's own account, on either side (issue 34 for staff at /admin/account, issue 50 for seller members at
 * /seller/account): their password, their signed-in sessions, their recovery codes. Each change is audited under the
 * side's own action names; a password change ends every other session and renews the one it was made in.
 */

/** The audit actions of one side's account page. */
export interface OwnAccountActions {
  passwordChange: AuditAction;
  recoveryCodeUse: AuditAction;
  sessionEnd: AuditAction;
  recoveryCodesRegenerate: AuditAction;
}

type Actor = StaffActor | AuditActor | SellerAuditActor;
export type { OwnAccountView, OwnSessionView };

/** A member's live signed-in sessions, the one asking first, then the most recently used. */
export async function listOwnSessions(
  db: ShopDb,
  realm: TwoFactorRealm,
  session: MemberSession,
  now = Date.now(),
): Promise<OwnSessionView[]> {
  const t = tablesOf(realm);
  const rows = await realmDb(db)
    .selectFrom(t.sessions)
    .select(['public_id', 'stage', 'client_address', 'user_agent', 'created_at', 'last_seen_at'])
    .where(t.key, '=', session.member.id)
    .where('stage', '=', 'verified')
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows
    .filter((row) => isLive(realm, row, now))
    .map((row) => ({
      id: row.public_id,
      current: row.public_id === session.publicId,
      clientAddress: row.client_address,
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export async function ownAccount(db: ShopDb, realm: TwoFactorRealm, session: MemberSession): Promise<OwnAccountView> {
  return {
    sessions: await listOwnSessions(db, realm, session),
    recoveryCodesLeft: await recoveryCodesLeft(db, realm, session.member.id),
  };
}

/** Ends one of the member's own sessions by its public id; false when they have none by that id. */
export async function endOwnSessionRow(trx: ShopDb, realm: TwoFactorRealm, memberId: number, publicId: string): Promise<boolean> {
  const t = tablesOf(realm);
  const ended = await realmDb(trx)
    .deleteFrom(t.sessions)
    .where(t.key, '=', memberId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return Number(ended.numDeletedRows) === 1;
}

/** Replaces the member's signed-in session by a new one, ending all their others (a password change). */
export async function renewAloneSession(
  trx: ShopDb,
  realm: TwoFactorRealm,
  session: MemberSession,
  client: SessionClient,
): Promise<{ token: string; ended: number }> {
  const t = tablesOf(realm);
  const ended = await realmDb(trx)
    .deleteFrom(t.sessions)
    .where(t.key, '=', session.member.id)
    .where('token_hash', '!=', session.tokenHash)
    .executeTakeFirst();
  const token = await renewSession(trx, realm, session, 'verified', client);
  return { token, ended: Number(ended.numDeletedRows) };
}

async function requirePassword(db: ShopDb, realm: TwoFactorRealm, memberId: number, password: string, field: string) {
  const row = await realmDb(db)
    .selectFrom(tablesOf(realm).members)
    .select('password_hash')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  if (!row.password_hash || !(await verifyPassword(password, row.password_hash)))
    throw new Problem(422, 'admin.wrongPassword', { fields: { [field]: ['admin.wrongPassword'] } });
}

/** An authenticator code (6 digits) or an unused recovery code. */
async function requireCode(db: ShopDb, realm: TwoFactorRealm, memberId: number, code: string): Promise<'code' | 'recovery_code'> {
  const totp = /^\d{6}$/.test(code.replace(/\s+/g, ''));
  const ok = totp ? await checkTotp(db, realm, memberId, code) : await spendRecoveryCode(db, realm, memberId, code);
  if (!ok) throw new Problem(422, 'admin.wrongCode', { fields: { code: ['admin.wrongCode'] } });
  return totp ? 'code' : 'recovery_code';
}

/**
 * Changes the member's password: the current one and a second-factor code prove it is them, the new one follows the
 * invitation's rules. Every other session of theirs ends; this one continues under a new token (returned).
 */
export async function changeOwnPasswordOf(
  db: ShopDb,
  realm: TwoFactorRealm,
  actions: OwnAccountActions,
  session: MemberSession,
  input: { current_password: string; password: string; code: string },
  actor: Actor,
  client: SessionClient,
): Promise<{ token: string; ended: number }> {
  const memberId = session.member.id;
  const subject = { type: realm.subject, id: memberId };
  await requirePassword(db, realm, memberId, input.current_password, 'current_password');
  if (isCommonPassword(input.password))
    throw new Problem(422, 'admin.commonPassword', { fields: { password: ['admin.commonPassword'] } });
  const used = await requireCode(db, realm, memberId, input.code);
  const hash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    await realmDb(trx)
      .updateTable(tablesOf(realm).members)
      .set({ password_hash: hash, updated_at: isoNow() })
      .where('id', '=', memberId)
      .execute();
    const renewed = await renewAloneSession(trx, realm, session, client);
    if (used === 'recovery_code')
      await recordAudit(trx, actor, {
        action: actions.recoveryCodeUse,
        subject,
        after: { left: await recoveryCodesLeft(trx, realm, memberId) },
      });
    await recordAudit(trx, actor, { action: actions.passwordChange, subject, after: { sessionsEnded: renewed.ended } });
    return renewed;
  });
}

/** Ends one of the member's own sessions (another browser, or this one); 404 when they have none by that id. */
export async function endOwnSessionOf(
  db: ShopDb,
  realm: TwoFactorRealm,
  actions: OwnAccountActions,
  session: MemberSession,
  publicId: string,
  actor: Actor,
): Promise<{ current: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (!(await endOwnSessionRow(trx, realm, session.member.id, publicId))) throw new Problem(404, 'admin.sessionNotFound');
    await recordAudit(trx, actor, {
      action: actions.sessionEnd,
      subject: { type: realm.subject, id: session.member.id },
      after: { session: publicId, by: 'member' },
    });
    return { current: publicId === session.publicId };
  });
}

/** New recovery codes for the member (their password proves it is them): the old ones stop working. */
export async function regenerateRecoveryCodesOf(
  db: ShopDb,
  realm: TwoFactorRealm,
  actions: OwnAccountActions,
  session: MemberSession,
  password: string,
  actor: Actor,
): Promise<string[]> {
  await requirePassword(db, realm, session.member.id, password, 'password');
  return db.transaction().execute(async (trx) => {
    const voided = await recoveryCodesLeft(trx, realm, session.member.id);
    const codes = await issueRecoveryCodes(trx, realm, session.member.id);
    await recordAudit(trx, actor, {
      action: actions.recoveryCodesRegenerate,
      subject: { type: realm.subject, id: session.member.id },
      before: { left: voided },
      after: { left: codes.length },
    });
    return codes;
  });
}

/** The account as `GET /api/admin/account` and `GET /api/seller/account` answer it. */
export const ownAccountAnswer = (account: OwnAccountView) => ({
  recovery_codes_left: account.recoveryCodesLeft,
  sessions: account.sessions.map((s) => ({
    id: s.id,
    current: s.current,
    client_address: s.clientAddress,
    user_agent: s.userAgent,
    created_at: s.createdAt,
    last_seen_at: s.lastSeenAt,
  })),
});
