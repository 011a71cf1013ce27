import type { ShopDb } from '#server/db/index.ts';
import type { SellerAuditActor } from '#core/audit/server/audit.ts';
import type { SessionClient } from '#core/second-factor/server/sign-in/sessions.ts';
import {
  changeOwnPasswordOf,
  endOwnSessionOf,
  ownAccount,
  regenerateRecoveryCodesOf,
  type OwnAccountActions,
  type OwnAccountView,
} from '#core/second-factor/server/sign-in/own-account.ts';
import { SELLER_REALM, type SellerSession } from '#core/actors/server/seller-sessions.ts';

/**
 * A seller member's own account (issue 50, /seller/account): what staff have at /admin/account, for every role of a
 * seller's team: the password, the signed-in sessions, the recovery codes. The two-factor machinery does the work
 * (src/core/second-factor/server/sign-in/own-account.ts); each change is audited as the seller member.
 */
const SELLER_ACCOUNT_ACTIONS: OwnAccountActions = {
  passwordChange: 'sellerMember.password.change',
  recoveryCodeUse: 'sellerMember.recoveryCode.use',
  sessionEnd: 'sellerMember.session.end',
  recoveryCodesRegenerate: 'sellerMember.recoveryCodes.regenerate',
};

export const sellerAccount = (db: ShopDb, session: SellerSession): Promise<OwnAccountView> =>
  ownAccount(db, SELLER_REALM, session);

export const changeSellerPassword = (
  db: ShopDb,
  session: SellerSession,
  input: { current_password: string; password: string; code: string },
  actor: SellerAuditActor,
  client: SessionClient,
) => changeOwnPasswordOf(db, SELLER_REALM, SELLER_ACCOUNT_ACTIONS, session, input, actor, client);

export const endSellerSession = (db: ShopDb, session: SellerSession, publicId: string, actor: SellerAuditActor) =>
  endOwnSessionOf(db, SELLER_REALM, SELLER_ACCOUNT_ACTIONS, session, publicId, actor);

export const renewSellerRecoveryCodes = (db: ShopDb, session: SellerSession, password: string, actor: SellerAuditActor) =>
  regenerateRecoveryCodesOf(db, SELLER_REALM, SELLER_ACCOUNT_ACTIONS, session, password, actor);
