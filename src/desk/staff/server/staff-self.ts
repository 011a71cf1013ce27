import type { ShopDb } from '#server/db/index.ts';
import {
  changeOwnPasswordOf,
  endOwnSessionOf,
  ownAccount,
  regenerateRecoveryCodesOf,
  type OwnAccountActions,
  type OwnAccountView,
} from '#core/second-factor/server/sign-in/own-account.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { STAFF_REALM, type OpenSession, type SessionClient } from '#core/actors/server/staff-sessions.ts';

/**
 * A member's own account (issue 34, /admin/account): their password, their signed-in sessions, their recovery codes.
 * The work is the two-factor machinery's, shared with the seller portal's account page
 * (src/core/second-factor/server/sign-in/own-account.ts); here it is named for staff, with the staff's audit actions.
 */
const STAFF_ACCOUNT_ACTIONS: OwnAccountActions = {
  passwordChange: 'staff.password.change',
  recoveryCodeUse: 'staff.recoveryCode.use',
  sessionEnd: 'staff.session.end',
  recoveryCodesRegenerate: 'staff.recoveryCodes.regenerate',
};

export type StaffAccountView = OwnAccountView;

export const staffAccount = (db: ShopDb, session: OpenSession): Promise<StaffAccountView> => ownAccount(db, STAFF_REALM, session);

/**
 * Changes the member's password: the current one and a second-factor code prove it is them, the new one follows the
 * invitation's rules. Every other session of theirs ends; this one continues under a new token (returned).
 */
export const changeOwnPassword = (
  db: ShopDb,
  session: OpenSession,
  input: { current_password: string; password: string; code: string },
  actor: StaffActor,
  client: SessionClient,
): Promise<{ token: string; ended: number }> =>
  changeOwnPasswordOf(db, STAFF_REALM, STAFF_ACCOUNT_ACTIONS, session, input, actor, client);

/** Ends one of the member's own sessions (another browser, or this one); 404 when they have none by that id. */
export const endOwnStaffSession = (
  db: ShopDb,
  session: OpenSession,
  publicId: string,
  actor: StaffActor,
): Promise<{ current: boolean }> => endOwnSessionOf(db, STAFF_REALM, STAFF_ACCOUNT_ACTIONS, session, publicId, actor);

/** New recovery codes for the member (their password proves it is them): the old ones stop working. */
export const regenerateRecoveryCodes = (
  db: ShopDb,
  session: OpenSession,
  password: string,
  actor: StaffActor,
): Promise<string[]> => regenerateRecoveryCodesOf(db, STAFF_REALM, STAFF_ACCOUNT_ACTIONS, session, password, actor);
