import type { ShopDb } from '../db/index.ts';
import { isoNow, randomToken, sha256 } from '../auth/secrets.ts';
import { serverConfig } from '../config.ts';
import { isStaffRole } from '../../lib/admin/permissions.ts';
import { Problem } from '../problem.ts';
import { acceptedStep, enrolment, newTotpSecret } from './totp.ts';
import { issueRecoveryCodes, spendRecoveryCode } from './recovery-codes.ts';
import type { StaffActor } from './staff-actor.ts';

/**
 * Staff sessions (decision 016): an opaque random token in an HttpOnly cookie, stored hashed, separate from the
 * shoppers' tokens. A session starts at `password` (or `enrol` for a first sign-in) and opens the desk only once
 * `verified` by a second factor. It ends after STAFF_IDLE_MINUTES without a request, and after 12 hours whatever.
 */
/** The cookie that carries a staff session's token (set by the API, read by the API and the desk's pages). */
export const STAFF_COOKIE = 'bb_staff';

export type SessionStage = 'password' | 'enrol' | 'verified';
const ABSOLUTE_MS = 12 * 3600 * 1000;
/** last_seen_at is written at most once a minute: a desk polling every few seconds must not write every time. */
const TOUCH_MS = 60_000;
/** A session waiting for its second factor lasts 10 minutes. */
const SECOND_FACTOR_MS = 10 * 60_000;

export async function openStaffSession(db: ShopDb, staffId: number, stage: SessionStage, clientAddress: string): Promise<string> {
  const token = randomToken();
  const now = isoNow();
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: sha256(token),
      staff_id: staffId,
      stage,
      pending_secret: null,
      client_address: clientAddress,
      created_at: now,
      last_seen_at: now,
    })
    .execute();
  return token;
}

export interface OpenSession {
  tokenHash: string;
  stage: SessionStage;
  staff: Omit<StaffActor, 'clientAddress'>;
  pendingSecret: string | null;
}

/** The live session of a token (touching it), or null when unknown, idle too long, too old or its member is disabled. */
export async function readStaffSession(db: ShopDb, token: string | undefined, now = Date.now()): Promise<OpenSession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = sha256(token);
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'stage',
      'pending_secret',
      'staff_sessions.created_at',
      'last_seen_at',
      'staff.id',
      'staff.email',
      'staff.name',
      'staff.role',
      'staff.status',
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.status !== 'active' || !isStaffRole(row.role)) return null;
  const idleLimit = row.stage === 'verified' ? serverConfig().staffIdleMs : SECOND_FACTOR_MS;
  const seen = Date.parse(row.last_seen_at);
  if (now - seen > idleLimit || now - Date.parse(row.created_at) > ABSOLUTE_MS) {
    await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - seen > TOUCH_MS)
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  return {
    tokenHash,
    stage: row.stage as SessionStage,
    pendingSecret: row.pending_secret,
    staff: { id: row.id, email: row.email, name: row.name, role: row.role },
  };
}

export async function endStaffSession(db: ShopDb, tokenHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
}

/** The secret an enrolling member scans (made once per session and kept server-side until a code proves it). */
export async function enrolmentFor(db: ShopDb, session: OpenSession): Promise<{ secret: string; uri: string; qrSvg: string }> {
  if (session.stage !== 'enrol') throw new Problem(409, 'admin.notEnrolling');
  let secret = session.pendingSecret;
  if (!secret) {
    secret = newTotpSecret();
    await db.updateTable('staff_sessions').set({ pending_secret: secret }).where('token_hash', '=', session.tokenHash).execute();
  }
  return { secret, ...enrolment(secret, session.staff.email) };
}

/** Confirms enrolment with a first code: the secret becomes the member's, the session opens, recovery codes are issued. */
export async function confirmEnrolment(db: ShopDb, session: OpenSession, code: string): Promise<string[]> {
  if (session.stage !== 'enrol' || !session.pendingSecret) throw new Problem(409, 'admin.notEnrolling');
  const step = acceptedStep(session.pendingSecret, code, null);
  if (step === null) throw new Problem(422, 'admin.wrongCode', { fields: { code: ['admin.wrongCode'] } });
  const secret = session.pendingSecret;
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({ totp_secret: secret, totp_last_step: step, updated_at: isoNow() })
      .where('id', '=', session.staff.id)
      .execute();
    await trx
      .updateTable('staff_sessions')
      .set({ stage: 'verified', pending_secret: null })
      .where('token_hash', '=', session.tokenHash)
      .execute();
    return issueRecoveryCodes(trx, session.staff.id);
  });
}

/**
 * The second factor at sign-in: an authenticator code (each time step accepted once: the conditional update refuses a
 * replay, even from two requests at once) or an unused recovery code.
 */
export async function verifySecondFactor(
  db: ShopDb,
  session: OpenSession,
  input: { code?: string; recoveryCode?: string },
): Promise<void> {
  if (session.stage !== 'password') throw new Problem(409, 'admin.notEnrolling');
  let ok = false;
  if (input.recoveryCode) ok = await spendRecoveryCode(db, session.staff.id, input.recoveryCode);
  else if (input.code) {
    const staff = await db
      .selectFrom('staff')
      .select(['totp_secret', 'totp_last_step'])
      .where('id', '=', session.staff.id)
      .executeTakeFirstOrThrow();
    const step = staff.totp_secret ? acceptedStep(staff.totp_secret, input.code, staff.totp_last_step) : null;
    if (step !== null) {
      const taken = await db
        .updateTable('staff')
        .set({ totp_last_step: step })
        .where('id', '=', session.staff.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      ok = Number(taken.numUpdatedRows) === 1;
    }
  }
  const field = input.recoveryCode ? 'recovery_code' : 'code';
  if (!ok) throw new Problem(422, 'admin.wrongCode', { fields: { [field]: ['admin.wrongCode'] } });
  await db
    .updateTable('staff_sessions')
    .set({ stage: 'verified', last_seen_at: isoNow() })
    .where('token_hash', '=', session.tokenHash)
    .execute();
}
