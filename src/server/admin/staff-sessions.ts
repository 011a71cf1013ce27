import { randomBytes } from 'node:crypto';
import type { ShopDb } from '../db/index.ts';
import { isoNow, randomToken, sha256 } from '../auth/secrets.ts';
import { currentKeyId, keyIdOf, openSecret, sealSecret, TOTP_PURPOSE } from '../auth/secret-box.ts';
import { serverConfig } from '../config.ts';
import { isStaffRole } from '../../lib/admin/permissions.ts';
import { Problem } from '../problem.ts';
import { acceptedStep, enrolment, newTotpSecret } from './totp.ts';
import { issueRecoveryCodes, spendRecoveryCode } from './recovery-codes.ts';
import type { StaffActor } from './staff-actor.ts';

/**
 * Staff sessions (decision 016, issue 34): an opaque random token in an HttpOnly cookie, stored hashed, separate from
 * the shoppers' tokens. A session starts at `password` (or `enrol` for a first sign-in) and opens the desk only once
 * `verified` by a second factor. Every change of privilege (the second factor, the enrolment, a password change)
 * replaces the token: the old row is deleted and a new token is set, so a token known before (planted, overheard)
 * never becomes a signed-in one. It ends after STAFF_IDLE_MINUTES without a request, and after 12 hours whatever.
 */
/** The cookie that carries a staff session's token on plain http (a demo, the tests). */
export const STAFF_COOKIE = 'bb_staff';
/**
 * In production (always https: SITE_URL must be) and on any https request (its own URL, or X-Forwarded-Proto from the
 * TLS proxy in front): a `__Host-` cookie is Secure, for `/`, of this host only, so neither a sibling subdomain nor a
 * plain-http page can plant or overwrite it. Browsers refuse the prefix without Secure, which plain http cannot set:
 * on a plain-http demo or test server the name stays `bb_staff`.
 */
export const SECURE_STAFF_COOKIE = '__Host-bb_staff';

export const staffCookieName = (secure: boolean): string => (secure ? SECURE_STAFF_COOKIE : STAFF_COOKIE);

/**
 * Whether the staff cookie is the Secure `__Host-` one. X-Forwarded-Proto is taken as it comes: a client that forges
 * it only changes which cookie name its own request is read with, and the API and the desk's pages decide the same way.
 */
export function isSecureRequest(url: string, forwardedProto: string | null | undefined): boolean {
  if (serverConfig().production || new URL(url).protocol === 'https:') return true;
  return forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** Every value of the staff cookie in a Cookie header (one, normally). */
export function staffCookieValues(header: string | null | undefined, secure: boolean): string[] {
  const name = staffCookieName(secure);
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}

/**
 * The staff token in a Cookie header, or undefined when there is none or more than one: a browser holds one staff
 * cookie (path `/`), so a second one with the same name was planted (another path, a subdomain) and neither is trusted.
 */
export function staffTokenFromCookies(header: string | null | undefined, secure: boolean): string | undefined {
  const values = staffCookieValues(header, secure);
  return values.length === 1 ? values[0] : undefined;
}

export type SessionStage = 'password' | 'enrol' | 'verified';
const ABSOLUTE_MS = 12 * 3600 * 1000;
/** last_seen_at is written at most once a minute: a desk polling every few seconds must not write every time. */
const TOUCH_MS = 60_000;
/** A session waiting for its second factor lasts 10 minutes. */
const SECOND_FACTOR_MS = 10 * 60_000;

/** Where a session is used from: the member's list of sessions shows it. */
export interface SessionClient {
  clientAddress: string;
  userAgent: string | null;
}

export async function openStaffSession(db: ShopDb, staffId: number, stage: SessionStage, client: SessionClient): Promise<string> {
  const token = randomToken();
  const now = isoNow();
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: sha256(token),
      public_id: randomBytes(12).toString('base64url'),
      staff_id: staffId,
      stage,
      pending_secret: null,
      client_address: client.clientAddress,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      created_at: now,
      last_seen_at: now,
    })
    .execute();
  return token;
}

/**
 * Replaces a session by a new one at `stage` (inside the caller's transaction): the old token stops working at once.
 */
async function renewSession(trx: ShopDb, session: OpenSession, stage: SessionStage, client: SessionClient): Promise<string> {
  await trx.deleteFrom('staff_sessions').where('token_hash', '=', session.tokenHash).execute();
  return openStaffSession(trx, session.staff.id, stage, client);
}

export interface OpenSession {
  tokenHash: string;
  publicId: string;
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
      'public_id',
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
  if (!isLive(row, now)) {
    await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_MS)
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  return {
    tokenHash,
    publicId: row.public_id,
    stage: row.stage as SessionStage,
    pendingSecret: row.pending_secret,
    staff: { id: row.id, email: row.email, name: row.name, role: row.role },
  };
}

function isLive(row: { stage: string; last_seen_at: string; created_at: string }, now: number): boolean {
  const idleLimit = row.stage === 'verified' ? serverConfig().staffIdleMs : SECOND_FACTOR_MS;
  return now - Date.parse(row.last_seen_at) <= idleLimit && now - Date.parse(row.created_at) <= ABSOLUTE_MS;
}

export async function endStaffSession(db: ShopDb, tokenHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
}

/** One of a member's signed-in sessions, as their account page lists it. */
export interface StaffSessionView {
  id: string;
  current: boolean;
  clientAddress: string;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** A member's live signed-in sessions, the one asking first, then the most recently used. */
export async function listStaffSessions(db: ShopDb, session: OpenSession, now = Date.now()): Promise<StaffSessionView[]> {
  const rows = await db
    .selectFrom('staff_sessions')
    .select(['public_id', 'stage', 'client_address', 'user_agent', 'created_at', 'last_seen_at'])
    .where('staff_id', '=', session.staff.id)
    .where('stage', '=', 'verified')
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows
    .filter((row) => isLive(row, now))
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

/** Ends one of the member's own sessions by its public id; false when they have none by that id. */
export async function endOwnSession(trx: ShopDb, staffId: number, publicId: string): Promise<boolean> {
  const ended = await trx
    .deleteFrom('staff_sessions')
    .where('staff_id', '=', staffId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return Number(ended.numDeletedRows) === 1;
}

/** The secret an enrolling member scans (made once per session and kept server-side, sealed, until a code proves it). */
export async function enrolmentFor(db: ShopDb, session: OpenSession): Promise<{ secret: string; uri: string; qrSvg: string }> {
  if (session.stage !== 'enrol') throw new Problem(409, 'admin.notEnrolling');
  let secret = session.pendingSecret ? openSecret(session.pendingSecret, TOTP_PURPOSE) : null;
  if (!secret) {
    secret = newTotpSecret();
    await db
      .updateTable('staff_sessions')
      .set({ pending_secret: sealSecret(secret, TOTP_PURPOSE) })
      .where('token_hash', '=', session.tokenHash)
      .execute();
  }
  return { secret, ...enrolment(secret, session.staff.email) };
}

/**
 * Confirms enrolment with a first code: the secret becomes the member's, recovery codes are issued, and the session is
 * replaced by a signed-in one (its new token returned).
 */
export async function confirmEnrolment(
  db: ShopDb,
  session: OpenSession,
  code: string,
  client: SessionClient,
): Promise<{ codes: string[]; token: string }> {
  if (session.stage !== 'enrol' || !session.pendingSecret) throw new Problem(409, 'admin.notEnrolling');
  const secret = openSecret(session.pendingSecret, TOTP_PURPOSE);
  const step = acceptedStep(secret, code, null);
  if (step === null) throw new Problem(422, 'admin.wrongCode', { fields: { code: ['admin.wrongCode'] } });
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({ totp_secret: sealSecret(secret, TOTP_PURPOSE), totp_last_step: step, updated_at: isoNow() })
      .where('id', '=', session.staff.id)
      .execute();
    const token = await renewSession(trx, session, 'verified', client);
    return { codes: await issueRecoveryCodes(trx, session.staff.id), token };
  });
}

/**
 * Checks an authenticator code of a member (each time step accepted once: the conditional update refuses a replay,
 * even from two requests at once). A secret sealed with a key being retired is sealed again with the current one.
 */
export async function checkTotp(db: ShopDb, staffId: number, code: string): Promise<boolean> {
  const staff = await db
    .selectFrom('staff')
    .select(['totp_secret', 'totp_last_step'])
    .where('id', '=', staffId)
    .executeTakeFirstOrThrow();
  if (!staff.totp_secret) return false;
  const secret = openSecret(staff.totp_secret, TOTP_PURPOSE);
  const step = acceptedStep(secret, code, staff.totp_last_step);
  if (step === null) return false;
  const taken = await db
    .updateTable('staff')
    .set({
      totp_last_step: step,
      ...(keyIdOf(staff.totp_secret) === currentKeyId() ? {} : { totp_secret: sealSecret(secret, TOTP_PURPOSE) }),
    })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * The second factor at sign-in: an authenticator code or an unused recovery code. On success the session is replaced
 * by a signed-in one: its new token is returned, and whether a recovery code was spent.
 */
export async function verifySecondFactor(
  db: ShopDb,
  session: OpenSession,
  input: { code?: string; recoveryCode?: string },
  client: SessionClient,
): Promise<{ token: string; recoveryCodeUsed: boolean }> {
  if (session.stage !== 'password') throw new Problem(409, 'admin.notEnrolling');
  let ok = false;
  if (input.recoveryCode) ok = await spendRecoveryCode(db, session.staff.id, input.recoveryCode);
  else if (input.code) ok = await checkTotp(db, session.staff.id, input.code);
  const field = input.recoveryCode ? 'recovery_code' : 'code';
  if (!ok) throw new Problem(422, 'admin.wrongCode', { fields: { [field]: ['admin.wrongCode'] } });
  const token = await db.transaction().execute((trx) => renewSession(trx, session, 'verified', client));
  return { token, recoveryCodeUsed: Boolean(input.recoveryCode) };
}

/** Replaces the member's signed-in session by a new one, ending all their others (a password change). */
export async function renewAloneSession(
  trx: ShopDb,
  session: OpenSession,
  client: SessionClient,
): Promise<{ token: string; ended: number }> {
  const ended = await trx
    .deleteFrom('staff_sessions')
    .where('staff_id', '=', session.staff.id)
    .where('token_hash', '!=', session.tokenHash)
    .executeTakeFirst();
  const token = await renewSession(trx, session, 'verified', client);
  return { token, ended: Number(ended.numDeletedRows) };
}
