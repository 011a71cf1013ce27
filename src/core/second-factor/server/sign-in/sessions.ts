import { randomBytes } from 'node:crypto';
import type { ShopDb } from '#server/db/index.ts';
import { isoNow, randomToken, sha256 } from '#server/auth/secrets.ts';
import {
  currentKeyId,
  keyIdOf,
  openSecret as openAnySecret,
  sealSecret,
  SecretUnreadable,
  TOTP_PURPOSE,
} from '#server/auth/secret-box.ts';
import { Problem } from '#server/problem.ts';
import { acceptedStep, enrolment, newTotpSecret } from '../totp.ts';
import { issueRecoveryCodes, spendRecoveryCode } from '../recovery-codes.ts';
import { realmDb, tablesOf, type TwoFactorRealm } from './realm.ts';

/**
 * A member's sealed secret, opened: one no configured key opens (its key retired before `npm run staff -- reseal`,
 * issue 50) is the member's to fix with an owner, a 409 that says so, never a 500.
 */
function openSecret(stored: string, purpose: string): string {
  try {
    return openAnySecret(stored, purpose);
  } catch (error) {
    if (error instanceof SecretUnreadable) throw new Problem(409, 'admin.authenticatorUnreadable');
    throw error;
  }
}

/**
 * Two-factor sessions (decision 016, issue 34; the seller portal's too since decision 031): an opaque random token in
 * an HttpOnly cookie, stored hashed, separate from the shoppers' tokens. A session starts at `password` (or `enrol`
 * for a first sign-in) and opens its side only once `verified` by a second factor. Every change of privilege (the
 * second factor, the enrolment, a password change) replaces the token: the old row is deleted and a new token is set,
 * so a token known before (planted, overheard) never becomes a signed-in one. It ends after the realm's idle time
 * without a request, and after 12 hours whatever.
 */
export type SessionStage = 'password' | 'enrol' | 'verified';
const ABSOLUTE_MS = 12 * 3600 * 1000;
/** last_seen_at is written at most once a minute: a screen polling every few seconds must not write every time. */
const TOUCH_MS = 60_000;
/** A session waiting for its second factor lasts 10 minutes. */
const SECOND_FACTOR_MS = 10 * 60_000;

/** Where a session is used from: the member's list of sessions shows it. */
export interface SessionClient {
  clientAddress: string;
  userAgent: string | null;
}

export interface SessionMember {
  id: number;
  email: string;
  name: string;
  role: string;
}

export interface MemberSession {
  tokenHash: string;
  publicId: string;
  stage: SessionStage;
  member: SessionMember;
  pendingSecret: string | null;
}

export async function openSession(
  db: ShopDb,
  realm: TwoFactorRealm,
  memberId: number,
  stage: SessionStage,
  client: SessionClient,
): Promise<string> {
  const token = randomToken();
  const now = isoNow();
  const t = tablesOf(realm);
  await realmDb(db)
    .insertInto(t.sessions)
    .values({
      token_hash: sha256(token),
      public_id: randomBytes(12).toString('base64url'),
      // `staff_id` or `member_id`: the realm's name for the member column.
      ...({ [t.key]: memberId } as { member_id: number }),
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

/** Replaces a session by a new one at `stage` (inside the caller's transaction): the old token stops working at once. */
export async function renewSession(
  trx: ShopDb,
  realm: TwoFactorRealm,
  session: MemberSession,
  stage: SessionStage,
  client: SessionClient,
): Promise<string> {
  await realmDb(trx).deleteFrom(tablesOf(realm).sessions).where('token_hash', '=', session.tokenHash).execute();
  return openSession(trx, realm, session.member.id, stage, client);
}

/** The live session of a token (touching it), or null when unknown, idle too long, too old or its member is shut out. */
export async function readSession(
  db: ShopDb,
  realm: TwoFactorRealm,
  token: string | undefined,
  now = Date.now(),
): Promise<MemberSession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = sha256(token);
  const t = tablesOf(realm);
  const rdb = realmDb(db);
  const row = await rdb
    .selectFrom(`${t.sessions} as s` as 'sessions as s')
    .innerJoin(`${t.members} as m` as 'members as m', 'm.id', `s.${t.key}` as 's.member_id')
    .select(['s.stage', 's.public_id', 's.pending_secret', 's.created_at', 's.last_seen_at'])
    .select(['m.id', 'm.email', 'm.name', 'm.role', 'm.status'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.status !== 'active' || !realm.isRole(row.role)) return null;
  if (!isLive(realm, row, now) || (realm.memberAllowed && !(await realm.memberAllowed(db, row.id)))) {
    await rdb.deleteFrom(t.sessions).where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_MS)
    await rdb
      .updateTable(t.sessions)
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  return {
    tokenHash,
    publicId: row.public_id,
    stage: row.stage as SessionStage,
    pendingSecret: row.pending_secret,
    member: { id: row.id, email: row.email, name: row.name, role: row.role },
  };
}

export function isLive(
  realm: TwoFactorRealm,
  row: { stage: string; last_seen_at: string; created_at: string },
  now: number,
): boolean {
  const idleLimit = row.stage === 'verified' ? realm.idleMs() : SECOND_FACTOR_MS;
  return now - Date.parse(row.last_seen_at) <= idleLimit && now - Date.parse(row.created_at) <= ABSOLUTE_MS;
}

export async function endSession(db: ShopDb, realm: TwoFactorRealm, tokenHash: string): Promise<void> {
  await realmDb(db).deleteFrom(tablesOf(realm).sessions).where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a member (disabled, removed, a new role: they start from a fresh sign-in). */
export async function endMemberSessions(trx: ShopDb, realm: TwoFactorRealm, memberId: number): Promise<void> {
  const t = tablesOf(realm);
  await realmDb(trx).deleteFrom(t.sessions).where(t.key, '=', memberId).execute();
}

/** The secret an enrolling member scans (made once per session and kept server-side, sealed, until a code proves it). */
export async function enrolmentFor(
  db: ShopDb,
  realm: TwoFactorRealm,
  session: MemberSession,
): Promise<{ secret: string; uri: string; qrSvg: string }> {
  if (session.stage !== 'enrol') throw new Problem(409, 'admin.notEnrolling');
  let secret = session.pendingSecret ? openSecret(session.pendingSecret, TOTP_PURPOSE) : null;
  if (!secret) {
    secret = newTotpSecret();
    await realmDb(db)
      .updateTable(tablesOf(realm).sessions)
      .set({ pending_secret: sealSecret(secret, TOTP_PURPOSE) })
      .where('token_hash', '=', session.tokenHash)
      .execute();
  }
  return { secret, ...enrolment(secret, session.member.email) };
}

/**
 * Confirms enrolment with a first code: the secret becomes the member's, recovery codes are issued, and the session is
 * replaced by a signed-in one (its new token returned).
 */
export async function confirmEnrolment(
  db: ShopDb,
  realm: TwoFactorRealm,
  session: MemberSession,
  code: string,
  client: SessionClient,
): Promise<{ codes: string[]; token: string }> {
  if (session.stage !== 'enrol' || !session.pendingSecret) throw new Problem(409, 'admin.notEnrolling');
  const secret = openSecret(session.pendingSecret, TOTP_PURPOSE);
  const step = acceptedStep(secret, code, null);
  if (step === null) throw new Problem(422, 'admin.wrongCode', { fields: { code: ['admin.wrongCode'] } });
  return db.transaction().execute(async (trx) => {
    await realmDb(trx)
      .updateTable(tablesOf(realm).members)
      .set({ totp_secret: sealSecret(secret, TOTP_PURPOSE), totp_last_step: step, updated_at: isoNow() })
      .where('id', '=', session.member.id)
      .execute();
    const token = await renewSession(trx, realm, session, 'verified', client);
    return { codes: await issueRecoveryCodes(trx, realm, session.member.id), token };
  });
}

/**
 * Checks an authenticator code of a member (each time step accepted once: the conditional update refuses a replay,
 * even from two requests at once). A secret sealed with a key being retired is sealed again with the current one.
 */
export async function checkTotp(db: ShopDb, realm: TwoFactorRealm, memberId: number, code: string): Promise<boolean> {
  const members = tablesOf(realm).members;
  const member = await realmDb(db)
    .selectFrom(members)
    .select(['totp_secret', 'totp_last_step'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  if (!member.totp_secret) return false;
  const secret = openSecret(member.totp_secret, TOTP_PURPOSE);
  const step = acceptedStep(secret, code, member.totp_last_step);
  if (step === null) return false;
  const taken = await realmDb(db)
    .updateTable(members)
    .set({
      totp_last_step: step,
      ...(keyIdOf(member.totp_secret) === currentKeyId() ? {} : { totp_secret: sealSecret(secret, TOTP_PURPOSE) }),
    })
    .where('id', '=', memberId)
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
  realm: TwoFactorRealm,
  session: MemberSession,
  input: { code?: string; recoveryCode?: string },
  client: SessionClient,
): Promise<{ token: string; recoveryCodeUsed: boolean }> {
  if (session.stage !== 'password') throw new Problem(409, 'admin.notEnrolling');
  let ok = false;
  if (input.recoveryCode) ok = await spendRecoveryCode(db, realm, session.member.id, input.recoveryCode);
  else if (input.code) ok = await checkTotp(db, realm, session.member.id, input.code);
  const field = input.recoveryCode ? 'recovery_code' : 'code';
  if (!ok) throw new Problem(422, 'admin.wrongCode', { fields: { [field]: ['admin.wrongCode'] } });
  const token = await db.transaction().execute((trx) => renewSession(trx, realm, session, 'verified', client));
  return { token, recoveryCodeUsed: Boolean(input.recoveryCode) };
}
