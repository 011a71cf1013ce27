import type { ShopDb } from '../../../server/db/index.ts';
import { serverConfig } from '../../../server/config.ts';
import { isStaffRole, type StaffRole } from '../../shell/permissions.ts';
import type { TwoFactorRealm } from '../../../server/auth/two-factor/realm.ts';
import { cookieNameOf, cookieValuesOf, tokenFromCookiesOf } from '../../../server/auth/two-factor/cookie.ts';
import * as sessions from '../../../server/auth/two-factor/sessions.ts';
import type { MemberSession, SessionClient } from '../../../server/auth/two-factor/sessions.ts';
import type { StaffActor } from './staff-actor.ts';

/**
 * Staff sessions (decision 016, issue 34): the two-factor sessions of src/server/auth/two-factor/ over the staff's
 * tables and cookie. It ends after STAFF_IDLE_MINUTES without a request, and after 12 hours whatever.
 */
/** The cookie that carries a staff session's token on plain http (a demo, the tests). */
export const STAFF_COOKIE = 'bb_staff';
/** Over https: Secure, `/`, this host only (src/server/auth/two-factor/cookie.ts). */
export const SECURE_STAFF_COOKIE = '__Host-bb_staff';

export const STAFF_REALM: TwoFactorRealm = {
  subject: 'staff',
  members: 'staff',
  sessions: 'staff_sessions',
  invites: 'staff_invites',
  recoveryCodes: 'staff_recovery_codes',
  memberKey: 'staff_id',
  cookie: { plain: STAFF_COOKIE, secure: SECURE_STAFF_COOKIE },
  isRole: isStaffRole,
  limitPrefix: '',
  idleMs: () => serverConfig().staffIdleMs,
};

export { isSecureRequest } from '../../../server/auth/two-factor/cookie.ts';
export type { SessionClient, SessionStage } from '../../../server/auth/two-factor/sessions.ts';
export const staffCookieName = (secure: boolean): string => cookieNameOf(STAFF_REALM, secure);
/** Every value of the staff cookie in a Cookie header (one, normally). */
export const staffCookieValues = (header: string | null | undefined, secure: boolean): string[] =>
  cookieValuesOf(STAFF_REALM, header, secure);
/** The staff token in a Cookie header, or undefined when there is none or more than one (a planted duplicate). */
export const staffTokenFromCookies = (header: string | null | undefined, secure: boolean): string | undefined =>
  tokenFromCookiesOf(STAFF_REALM, header, secure);

export interface OpenSession extends MemberSession {
  staff: Omit<StaffActor, 'clientAddress'>;
}

export const openStaffSession = (db: ShopDb, staffId: number, stage: sessions.SessionStage, client: SessionClient) =>
  sessions.openSession(db, STAFF_REALM, staffId, stage, client);

/** The live session of a token (touching it), or null when unknown, idle too long, too old or its member is disabled. */
export async function readStaffSession(db: ShopDb, token: string | undefined, now = Date.now()): Promise<OpenSession | null> {
  const session = await sessions.readSession(db, STAFF_REALM, token, now);
  return session && { ...session, staff: { ...session.member, role: session.member.role as StaffRole } };
}

export const endStaffSession = (db: ShopDb, tokenHash: string) => sessions.endSession(db, STAFF_REALM, tokenHash);
export const endStaffMemberSessions = (trx: ShopDb, staffId: number) => sessions.endMemberSessions(trx, STAFF_REALM, staffId);
export const enrolmentFor = (db: ShopDb, session: OpenSession) => sessions.enrolmentFor(db, STAFF_REALM, session);
export const confirmEnrolment = (db: ShopDb, session: OpenSession, code: string, client: SessionClient) =>
  sessions.confirmEnrolment(db, STAFF_REALM, session, code, client);
export const checkTotp = (db: ShopDb, staffId: number, code: string) => sessions.checkTotp(db, STAFF_REALM, staffId, code);
export const verifySecondFactor = (
  db: ShopDb,
  session: OpenSession,
  input: { code?: string; recoveryCode?: string },
  client: SessionClient,
) => sessions.verifySecondFactor(db, STAFF_REALM, session, input, client);

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
    .filter((row) => sessions.isLive(STAFF_REALM, row, now))
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
  const token = await sessions.renewSession(trx, STAFF_REALM, session, 'verified', client);
  return { token, ended: Number(ended.numDeletedRows) };
}
