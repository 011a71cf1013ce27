import { Hono, type Context } from 'hono';
import { AcceptInviteSchema, EnrolCodeSchema, StaffCodeSchema, StaffSignInSchema } from '#lib/schemas/admin.ts';
import { clearSlots, enforceLimits, giveBackSlot, hitsOf, LIMITS, takeSlot } from '../auth/rate-limit.ts';
import { acceptInviteOf, checkPasswordOf, readInviteOf } from '#core/second-factor/server/sign-in/accounts.ts';
import { confirmEnrolment, enrolmentFor, openSession, verifySecondFactor } from '#core/second-factor/server/sign-in/sessions.ts';
import { recoveryCodesLeft } from '#core/second-factor/server/recovery-codes.ts';
import { Problem } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { clientAddress } from './session-cookie.ts';
import { sessionClient } from './two-factor-cookie.ts';
import { signInHelpers, type SignInHelpers, type SignInSide } from './two-factor-sign-in-helpers.ts';
import { validate } from './validation.ts';
import { codeStepRefused, done, missing, stale, throttled } from './openapi/desk-docs.ts';
import { Enrolment, NextStep, RecoveryCodes, SignedOut } from './openapi/account-answers.ts';

export type { SignInActions, SignInSide } from './two-factor-sign-in-helpers.ts';

/**
 * Sign-in with a password, then a TOTP code (or a recovery code); a first sign-in enrols the factor (decision 016): the
 * routes `/auth/login`, `/auth/code`, `/auth/enrol` (GET, POST), `/auth/accept-invite`, `/auth/logout` of one side.
 * Failures are limited per address, per e-mail and per member (docs/security.md), each side's counted apart.
 */
export function signInRoutes(side: SignInSide) {
  const { realm, cookie, documented, actions } = side;
  const helpers = signInHelpers(side);
  const { key, pendingSession, actorOf, recordSignIn, endPresentedSessions } = helpers;

  return new Hono<ApiEnv>()
    .post(
      '/auth/login',
      documented(`${side.who} sign-in, step 1: e-mail and password`, {
        200: done(`Next step: \`code\` or \`enrol\` (the ${side.who.toLowerCase()} cookie is set).`, NextStep),
        401: missing(`${side.who.toLowerCase()} member with this password`),
        403: stale,
        429: throttled,
      }),
      validate('json', StaffSignInSchema),
      async (c) => {
        const { email, password } = c.req.valid('json');
        const stage = await passwordStep(side, helpers, c, email.trim().toLowerCase(), password);
        return c.json({ data: { next: stage === 'password' ? 'code' : 'enrol' } });
      },
    )
    .post(
      '/auth/code',
      documented(`${side.who} sign-in, step 2: the authenticator (or a recovery) code`, {
        200: done(`Signed in (a new ${side.who.toLowerCase()} cookie).`, NextStep),
        401: missing('sign-in in progress'),
        422: stale,
        403: stale,
        409: codeStepRefused,
        429: throttled,
      }),
      validate('json', StaffCodeSchema),
      async (c) => {
        await codeStep(side, helpers, c, c.req.valid('json'));
        return c.json({ data: { next: 'desk' } });
      },
    )
    .get(
      '/auth/enrol',
      documented('The authenticator secret to enrol (first sign-in)', {
        200: done('Secret, otpauth URI and QR code.', Enrolment),
        401: missing('sign-in in progress'),
        409: stale,
      }),
      async (c) => {
        const enrolment = await enrolmentFor(c.get('db'), realm, await pendingSession(c));
        c.header('cache-control', 'no-store');
        return c.json({ data: { secret: enrolment.secret, uri: enrolment.uri, qr_svg: enrolment.qrSvg } });
      },
    )
    .post(
      '/auth/enrol',
      documented('Confirm the authenticator: signed in, with recovery codes', {
        200: done('The recovery codes (shown once).', RecoveryCodes),
        401: missing('sign-in in progress'),
        403: stale,
        409: stale,
        429: throttled,
      }),
      validate('json', EnrolCodeSchema),
      async (c) => {
        const db = c.get('db');
        const session = await pendingSession(c);
        const codeKey = key(String(session.member.id));
        await enforceLimits(db, [['staffCode', codeKey]], 'tooManyLogins');
        const { codes, token } = await confirmEnrolment(db, realm, session, c.req.valid('json').code, sessionClient(c));
        await clearSlots(db, 'staffCode', codeKey);
        await recordSignIn(db, await actorOf(c, session.member), actions.signIn, { with: 'enrolment' });
        cookie.set(c, token);
        c.header('cache-control', 'no-store');
        return c.json({ data: { recovery_codes: codes } });
      },
    )
    .post(
      '/auth/accept-invite',
      documented('Accept an invitation: set a password, then enrol', {
        200: done('Next step: `enrol`.', NextStep),
        403: stale,
        410: missing('invitation (expired or used)'),
        429: throttled,
      }),
      validate('json', AcceptInviteSchema),
      async (c) => {
        const db = c.get('db');
        const { token, password } = c.req.valid('json');
        // A wrong link is counted against the address; a good one (256 random bits, single use) needs no limit.
        if (!(await readInviteOf(db, realm, token))) {
          await enforceLimits(db, [['staffLoginAddress', key(clientAddress(c))]], 'tooManyLogins');
          throw new Problem(410, 'admin.inviteExpired');
        }
        await endPresentedSessions(c, 'sign-in');
        const memberId = await acceptInviteOf(db, realm, token, password);
        cookie.set(c, await openSession(db, realm, memberId, 'enrol', sessionClient(c)));
        return c.json({ data: { next: 'enrol' } });
      },
    )
    .post(
      '/auth/logout',
      documented(`${side.who} sign-out (every ${side.who.toLowerCase()} cookie presented ends)`, {
        200: done('Signed out.', SignedOut),
        403: stale,
      }),
      async (c) => {
        // Every cookie of this side the browser sent (one, unless one was planted beside it) stops working.
        await endPresentedSessions(c, 'sign-out');
        cookie.clear(c);
        return c.json({ data: { ok: true } });
      },
    );
}

/**
 * Step 1, the password: any session of this side the browser presented ends, the limits are taken, a failure is
 * counted and audited (and the e-mail's lock when it locks); a success opens a session at its next stage.
 */
async function passwordStep(side: SignInSide, h: SignInHelpers, c: Context<ApiEnv>, email: string, password: string) {
  const { realm, cookie, actions } = side;
  const { key, actorForEmail, recordSignIn } = h;
  const db = c.get('db');
  // A sign-in ends whatever session of this side the browser presented (its own, or one planted in it).
  await h.endPresentedSessions(c, 'sign-in');
  await h.takeSignInSlots(c, email);
  const found = await checkPasswordOf(db, realm, email, password);
  if (!found) {
    await takeSlot(db, 'staffLoginPair', key(`${email} ${clientAddress(c)}`));
    const actor = await actorForEmail(c, email);
    await recordSignIn(db, actor, actions.failed, { step: 'password' });
    if ((await hitsOf(db, 'staffLoginAccount', key(email))) === LIMITS.staffLoginAccount.max)
      await recordSignIn(db, actor, actions.locked, { minutes: LIMITS.staffLoginAccount.windowSeconds / 60 });
    throw new Problem(401, 'admin.wrongSignIn');
  }
  // Only failures count: a team where everyone signs in from the office's one address must not lock itself out.
  await clearSlots(db, 'staffLoginAccount', key(email));
  await clearSlots(db, 'staffLoginPair', key(`${email} ${clientAddress(c)}`));
  await giveBackSlot(db, 'staffLoginAddress', key(clientAddress(c)));
  const stage = found.enrolled ? 'password' : 'enrol';
  cookie.set(c, await openSession(db, realm, found.id, stage, sessionClient(c)));
  return stage;
}

/**
 * Step 2, the authenticator or a recovery code: refusals by the limit and wrong codes are audited; a success (and a
 * recovery code's use, with how many are left) is audited and the session gets a new token.
 */
async function codeStep(
  side: SignInSide,
  h: SignInHelpers,
  c: Context<ApiEnv>,
  body: { code?: string | undefined; recovery_code?: string | undefined },
): Promise<void> {
  const { realm, cookie, actions } = side;
  const { recordSignIn } = h;
  const db = c.get('db');
  const session = await h.pendingSession(c);
  const actor = await h.actorOf(c, session.member);
  const codeKey = h.key(String(session.member.id));
  try {
    await enforceLimits(db, [['staffCode', codeKey]], 'tooManyLogins');
  } catch (error) {
    if (error instanceof Problem && error.status === 429) await recordSignIn(db, actor, actions.refused, { reason: 'codes' });
    throw error;
  }
  let signedIn: Awaited<ReturnType<typeof verifySecondFactor>>;
  try {
    signedIn = await verifySecondFactor(
      db,
      realm,
      session,
      { ...(body.code ? { code: body.code } : {}), ...(body.recovery_code ? { recoveryCode: body.recovery_code } : {}) },
      sessionClient(c),
    );
  } catch (error) {
    if (error instanceof Problem && error.status === 422)
      await recordSignIn(db, actor, actions.failed, { step: body.recovery_code ? 'recovery_code' : 'code' });
    throw error;
  }
  await clearSlots(db, 'staffCode', codeKey);
  if (signedIn.recoveryCodeUsed)
    await recordSignIn(db, actor, actions.recoveryCodeUse, { left: await recoveryCodesLeft(db, realm, session.member.id) });
  await recordSignIn(db, actor, actions.signIn, { with: signedIn.recoveryCodeUsed ? 'recovery_code' : 'code' });
  // A new token for the signed-in session: the one from the password step no longer opens anything.
  cookie.set(c, signedIn.token);
}
