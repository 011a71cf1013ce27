import { Hono, type Context } from 'hono';
import { ChangeStaffPasswordSchema, RegenerateRecoveryCodesSchema } from '#lib/schemas/admin.ts';
import { enforceLimits } from '#server/auth/rate-limit.ts';
import { ownAccountAnswer } from '#core/second-factor/server/sign-in/own-account.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { clientAddress } from '#server/api/session-cookie.ts';
import { sessionClient } from '#server/api/two-factor-cookie.ts';
import { validate } from '#server/api/validation.ts';
import { done, missing, throttled } from '#server/api/openapi/desk-docs.ts';
import { sellerDocumenter } from '../../portal/server/seller-docs.ts';
import { requireSeller } from '../../accounts/server/require-seller.ts';
import { sellerActor } from '#core/actors/server/seller-actor.ts';
import { sellerCookie } from '../../accounts/server/seller-cookie.ts';
import { SELLER_REALM } from '#core/actors/server/seller-sessions.ts';
import { changeSellerPassword, endSellerSession, renewSellerRecoveryCodes, sellerAccount } from './seller-self.ts';
import { OwnAccount, PasswordChanged, RecoveryCodes, SessionEnded } from '#server/api/openapi/account-answers.ts';

const documented = sellerDocumenter('Seller account');
const actorOf = (c: Context<ApiEnv>) => sellerActor(c.get('seller'), clientAddress(c));

/**
 * Each proof (the password, a code) is limited per member before it is checked, as at the sign-in's code step and on
 * the staff's account page: the seller side's own counters (the realm's prefix).
 */
const limitProofs = (c: Context<ApiEnv>) =>
  enforceLimits(c.get('db'), [['staffCode', `${SELLER_REALM.limitPrefix}${c.get('seller').memberId}`]], 'tooManyLogins');

/**
 * A seller member's own account (issue 50), for every role of the team, as staff have theirs (issue 34): their sessions
 * and recovery codes left, a password change, ending a session, new recovery codes.
 */
export const sellerOwnAccountRoutes = new Hono<ApiEnv>()
  .get(
    '/account',
    documented("The member's own account: sessions and recovery codes left", { 200: done('The account.', OwnAccount) }),
    requireSeller(null),
    async (c) => c.json({ data: ownAccountAnswer(await sellerAccount(c.get('db'), c.get('sellerSession'))) }),
  )
  .post(
    '/account/password',
    documented('Change the own password (other sessions end)', { 200: done('Changed.', PasswordChanged), 429: throttled }),
    requireSeller(null),
    validate('json', ChangeStaffPasswordSchema),
    async (c) => {
      await limitProofs(c);
      const { token, ended } = await changeSellerPassword(
        c.get('db'),
        c.get('sellerSession'),
        c.req.valid('json'),
        actorOf(c),
        sessionClient(c),
      );
      sellerCookie.set(c, token);
      return c.json({ data: { sessions_ended: ended } });
    },
  )
  .delete(
    '/account/sessions/:id',
    documented('End one of the own sessions', { 200: done('Whether it was this one.', SessionEnded), 404: missing('session') }),
    requireSeller(null),
    async (c) => {
      const { current } = await endSellerSession(c.get('db'), c.get('sellerSession'), c.req.param('id'), actorOf(c));
      if (current) sellerCookie.clear(c);
      return c.json({ data: { current } });
    },
  )
  .post(
    '/account/recovery-codes',
    documented('New recovery codes (the old ones stop working)', {
      200: done('The codes (shown once).', RecoveryCodes),
      429: throttled,
    }),
    requireSeller(null),
    validate('json', RegenerateRecoveryCodesSchema),
    async (c) => {
      await limitProofs(c);
      const codes = await renewSellerRecoveryCodes(c.get('db'), c.get('sellerSession'), c.req.valid('json').password, actorOf(c));
      c.header('cache-control', 'no-store');
      return c.json({ data: { recovery_codes: codes } });
    },
  );
