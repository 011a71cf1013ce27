import { Hono, type Context } from 'hono';
import {
  LoginSchema,
  PhoneSchema,
  RefreshSchema,
  ResendSchema,
  ResetPasswordSchema,
  SignUpSchema,
  VerifyCodeSchema,
} from '#lib/schemas/account.ts';
import { consumeCode, sendCode } from '../auth/otp.ts';
import { familyOf, revokeFamily, rotate, startSession, type TokenPair } from '../auth/refresh-tokens.ts';
import { enforceLimits } from '../auth/rate-limit.ts';
import { isoNow } from '../auth/secrets.ts';
import { login } from '../services/account/login.ts';
import { resetPassword } from '../services/account/password.ts';
import { signUp } from '../services/account/sign-up.ts';
import { findUser, phoneOrFail, publicUser } from '../services/account/users.ts';
import type { ApiEnv } from './context.ts';
import { Problem } from '../problem.ts';
import { requireUser } from './require-user.ts';
import { clearRefreshCookie, clientAddress, presentedRefresh, sameOriginOnly, setRefreshCookie } from './session-cookie.ts';
import { validate } from './validation.ts';
import * as z from 'zod/mini';
import { documenter, ok, refused, retryLater } from './openapi/describe.ts';
import { Phone, Tokens, User } from './openapi/shapes.ts';

const documented = documenter('Account');
const signedIn = {
  ...ok('Signed in: the tokens and the shopper (the web shop also gets the refresh cookie).', Tokens),
  headers: { 'Set-Cookie': 'The refresh token cookie (HttpOnly, path /api/auth).' },
};

/** Answers with the spec's token shape (data.access_token, data.refresh_token) and sets the web cookie. */
async function sessionReply(c: Context<ApiEnv>, tokens: TokenPair, userId: number, message?: string) {
  setRefreshCookie(c, tokens.refresh_token);
  c.header('cache-control', 'no-store');
  const user = await findUser(c.get('db'), userId);
  return c.json({ data: { ...tokens, user: user ? publicUser(user) : null }, ...(message ? { message } : {}) });
}

/** Every SMS costs money and reaches a stranger's phone: limited per number and per address, known number or not. */
const limitCodes = (c: Context<ApiEnv>, phone: string) =>
  enforceLimits(c.get('db'), [
    ['codeAddress', clientAddress(c)],
    ['codePhone', phone],
  ]);

/** Sign-up, codes, login, tokens, logout and password reset (issue 9). */
export const authRoutes = new Hono<ApiEnv>()
  .post(
    '/auth/register',
    documented({
      summary: 'Sign up: the account waits for the code sent by SMS',
      responses: {
        201: ok('Code sent.', Phone),
        422: refused('Invalid fields, or e-mail or number already used.'),
        429: retryLater('Too many sign-ups from this address or for this number.'),
        503: refused('The SMS could not be sent; ask again with /auth/resend-code.'),
      },
    }),
    validate('json', SignUpSchema),
    async (c) => {
      const { phone } = await signUp(c.get('db'), c.get('locale'), c.req.valid('json'), clientAddress(c));
      return c.json({ data: { phone }, message: c.get('t').account.codeSent }, 201);
    },
  )
  .post(
    '/auth/verify-otp',
    documented({
      summary: 'Confirm the sign-up code: signed in',
      responses: { 200: signedIn, 422: refused('Wrong or expired code.'), 429: retryLater('Too many wrong codes.') },
    }),
    validate('json', VerifyCodeSchema),
    async (c) => {
      const t = c.get('t');
      const db = c.get('db');
      const body = c.req.valid('json');
      const { userId } = await consumeCode(db, 'signup', phoneOrFail(body.phone), body.code);
      await db.updateTable('users').set({ phone_verified_at: isoNow(), updated_at: isoNow() }).where('id', '=', userId).execute();
      return sessionReply(c, await startSession(db, userId), userId, t.account.accountCreated);
    },
  )
  .post(
    '/auth/resend-code',
    documented({
      summary: 'Send a new code (sign-up or reset)',
      description: 'The same answer for unknown numbers (no enumeration).',
      responses: {
        200: ok('Code sent.', Phone),
        429: retryLater('Within a minute of the last code, or too many codes.'),
        503: refused('The SMS could not be sent.'),
      },
    }),
    validate('json', ResendSchema),
    async (c) => {
      const t = c.get('t');
      const db = c.get('db');
      const { purpose, phone: raw } = c.req.valid('json');
      const phone = phoneOrFail(raw);
      await limitCodes(c, phone);
      const user = await db.selectFrom('users').select(['id', 'phone_verified_at']).where('phone', '=', phone).executeTakeFirst();
      // Sign-up codes go to unverified accounts, reset codes to verified ones; otherwise the same answer (no enumeration).
      if (user && (purpose === 'signup') === !user.phone_verified_at)
        await sendCode(db, c.get('locale'), purpose, phone, user.id);
      return c.json({ data: { phone }, message: t.account.codeSent });
    },
  )
  .post(
    '/auth/login',
    documented({
      summary: 'Sign in with e-mail or mobile number and password',
      responses: {
        200: signedIn,
        401: refused('Wrong e-mail, mobile number or password.'),
        403: refused('The number was never confirmed.'),
        429: retryLater('Too many attempts.'),
      },
    }),
    validate('json', LoginSchema),
    async (c) => {
      const db = c.get('db');
      const userId = await login(db, c.req.valid('json'), clientAddress(c));
      return sessionReply(c, await startSession(db, userId), userId);
    },
  )
  .post(
    '/auth/refresh',
    documented({
      summary: 'New tokens for a refresh token (body or cookie); the presented one is spent',
      security: 'refreshCookie',
      responses: { 200: signedIn, 401: refused('A spent or revoked token: the whole session ends.') },
    }),
    sameOriginOnly,
    validate('json', RefreshSchema),
    async (c) => {
      const presented = presentedRefresh(c, c.req.valid('json').refresh_token);
      const tokens = presented ? await rotate(c.get('db'), presented) : null;
      if (!tokens) {
        clearRefreshCookie(c);
        throw new Problem(401, 'account.sessionEnded');
      }
      const family = await familyOf(c.get('db'), tokens.refresh_token);
      return sessionReply(c, tokens, family!.userId);
    },
  )
  .post(
    '/auth/logout',
    documented({
      summary: 'End the session (its whole token family)',
      security: 'refreshCookie',
      responses: { 200: ok('Signed out.', z.null()) },
    }),
    sameOriginOnly,
    validate('json', RefreshSchema),
    async (c) => {
      const db = c.get('db');
      const presented = presentedRefresh(c, c.req.valid('json').refresh_token);
      const family = presented ? await familyOf(db, presented) : null;
      if (family) await revokeFamily(db, family.familyId);
      clearRefreshCookie(c);
      return c.json({ data: null, message: c.get('t').account.loggedOut });
    },
  )
  .get(
    '/auth/me',
    documented({ summary: 'The signed-in shopper', responses: { 200: ok('The shopper.', User) } }),
    requireUser,
    async (c) => {
      const user = await findUser(c.get('db'), c.get('userId'));
      if (!user) throw new Problem(401, 'api.unauthenticated');
      c.header('cache-control', 'no-store');
      return c.json({ data: publicUser(user) });
    },
  )
  .post(
    '/auth/forget-password',
    documented({
      summary: 'Send a password reset code',
      responses: {
        200: ok('Code sent (to verified accounts only).', Phone),
        429: retryLater('Too many codes.'),
        503: refused('The SMS could not be sent.'),
      },
    }),
    validate('json', PhoneSchema),
    async (c) => {
      const t = c.get('t');
      const db = c.get('db');
      const phone = phoneOrFail(c.req.valid('json').phone);
      await limitCodes(c, phone);
      const user = await db.selectFrom('users').select(['id', 'phone_verified_at']).where('phone', '=', phone).executeTakeFirst();
      if (user?.phone_verified_at) await sendCode(db, c.get('locale'), 'reset', phone, user.id);
      return c.json({ data: { phone }, message: t.account.codeSent });
    },
  )
  .post(
    '/auth/reset-password',
    documented({
      summary: 'Set a new password with the reset code; every session ends',
      responses: {
        200: ok('Password changed.', z.null()),
        422: refused('Wrong or expired code, weak password.'),
        429: retryLater('Too many wrong codes.'),
      },
    }),
    validate('json', ResetPasswordSchema),
    async (c) => {
      const t = c.get('t');
      await resetPassword(c.get('db'), c.req.valid('json'), clientAddress(c));
      return c.json({ data: null, message: t.account.passwordChanged });
    },
  );
