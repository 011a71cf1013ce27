import { STAFF_REALM } from '#core/actors/server/staff-sessions.ts';
import { realmCookie } from '#server/api/two-factor-cookie.ts';

/**
 * The staff session cookie (decision 016, issue 34; src/server/api/two-factor-cookie.ts): over https named
 * `__Host-bb_staff` and Secure, on plain http (a demo, the tests) `bb_staff`.
 */
const staffCookie = realmCookie(STAFF_REALM);

export const setStaffCookie = staffCookie.set;
export const clearStaffCookie = staffCookie.clear;
/** The request's staff token: none when the cookie is missing or sent twice (a planted duplicate). */
export const staffToken = staffCookie.token;
/** Every staff token the request carries (a sign-in ends each one's session, planted or not). */
export const presentedStaffTokens = staffCookie.presented;
export { sessionClient } from '#server/api/two-factor-cookie.ts';
