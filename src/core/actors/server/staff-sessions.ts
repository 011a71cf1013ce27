import type { ShopDb } from '#server/db/index.ts';
import { serverConfig } from '#server/config.ts';
import { isStaffRole, type StaffRole } from '../../permissions/permissions.ts';
import type { TwoFactorRealm } from '../../second-factor/server/sign-in/realm.ts';
import { cookieNameOf, cookieValuesOf, tokenFromCookiesOf } from '../../second-factor/server/sign-in/cookie.ts';
import * as sessions from '../../second-factor/server/sign-in/sessions.ts';
import type { MemberSession, SessionClient } from '../../second-factor/server/sign-in/sessions.ts';
import type { StaffActor } from './actors.ts';

/**
 * Staff sessions (decision 016, issue 34): the two-factor sessions of src/core/second-factor/server/sign-in/ over the staff's
 * tables and cookie. It ends after STAFF_IDLE_MINUTES without a request, and after 12 hours whatever.
 */
/** The cookie that carries a staff session's token on plain http (a demo, the tests). */
export const STAFF_COOKIE = 'bb_staff';
/** Over https: Secure, `/`, this host only (src/core/second-factor/server/sign-in/cookie.ts). */
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

export { isSecureRequest } from '../../second-factor/server/sign-in/cookie.ts';
export type { SessionClient, SessionStage } from '../../second-factor/server/sign-in/sessions.ts';
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
