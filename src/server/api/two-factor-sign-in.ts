import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AuditAction } from '../../desk/audit/audit-actions.ts';
import { AcceptInviteSchema, EnrolCodeSchema, StaffCodeSchema, StaffSignInSchema } from '../../lib/schemas/admin.ts';
import { clearSlots, enforceLimits, giveBackSlot, hitsOf, LIMITS, takeSlot, tooMany } from '../auth/rate-limit.ts';
import { acceptInviteOf, checkPasswordOf, readInviteOf } from '../auth/two-factor/accounts.ts';
import type { TwoFactorRealm } from '../auth/two-factor/realm.ts';
import {
  confirmEnrolment,
  endSession,
  enrolmentFor,
  openSession,
  readSession,
  verifySecondFactor,
  type MemberSession,
  type SessionMember,
} from '../auth/two-factor/sessions.ts';
import { recoveryCodesLeft } from '../../desk/staff/server/recovery-codes.ts';
import { recordAudit, type AuditActor, type SellerAuditActor } from '../../desk/audit/server/audit.ts';
import type { ShopDb } from '../db/index.ts';
import { Problem, type ProblemCode } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { clientAddress } from './session-cookie.ts';
import { sessionClient, type RealmCookie } from './two-factor-cookie.ts';
import { validate } from './validation.ts';
import { done, missing, stale, throttled } from '../../desk/shell/server/desk-docs.ts';
import type { ResponseDoc } from './openapi/describe.ts';

/** The audit actions of one side's sign-in events. */
export interface SignInActions {
  signIn: AuditAction;
  failed: AuditAction;
  locked: AuditAction;
  refused: AuditAction;
  sessionEnd: AuditAction;
  recoveryCodeUse: AuditAction;
}

/** What differs between the desk's sign-in and the seller portal's (decision 031); the steps are the same. */
export interface SignInSide {
  realm: TwoFactorRealm;
  cookie: RealmCookie;
  /** `Staff` or `Seller`: the operations' summaries name it. */
  who: string;
  documented: (summary: string, responses: Record<number, ResponseDoc>) => MiddlewareHandler<ApiEnv>;
  actions: SignInActions;
  signedOut: ProblemCode;
  /** Who a member or a typed e-mail is, for the audit log (a seller member names their seller). */
  actorOf: (
    db: ShopDb,
    member: { id: number | null; email: string; role: string },
    address: string,
  ) => Promise<AuditActor | SellerAuditActor>;
}

/**
 * Sign-in with a password, then a TOTP code (or a recovery code); a first sign-in enrols the factor (decision 016): the
 * routes `/auth/login`, `/auth/code`, `/auth/enrol` (GET, POST), `/auth/accept-invite`, `/auth/logout` of one side.
 * Failures are limited per address, per e-mail and per member (docs/security.md), each side's counted apart.
 */
export function signInRoutes(side: SignInSide) {
  const { realm, cookie, documented, actions } = side;
  const key = (subject: string) => realm.limitPrefix + subject;

  /** The session a sign-in step continues (any stage), or a 401. */
  async function pendingSession(c: Context<ApiEnv>): Promise<MemberSession> {
    const session = await readSession(c.get('db'), realm, cookie.token(c));
    if (!session) throw new Problem(401, side.signedOut);
    return session;
  }
  const actorOf = (c: Context<ApiEnv>, member: SessionMember) => side.actorOf(c.get('db'), member, clientAddress(c));

  /** Who a typed e-mail names, for the audit log of a failed or refused sign-in. */
  async function actorForEmail(c: Context<ApiEnv>, email: string) {
    const row = await c.get('db').selectFrom(realm.members).select(['id', 'role']).where('email', '=', email).executeTakeFirst();
    return side.actorOf(c.get('db'), { id: row?.id ?? null, email, role: row?.role ?? 'unknown' }, clientAddress(c));
  }

  /** A sign-in event in the audit log (issue 34): who, from where, what happened. */
  const recordSignIn = (db: ShopDb, actor: AuditActor | SellerAuditActor, action: AuditAction, after?: unknown) =>
    recordAudit(db, actor, { action, subject: { type: realm.subject, id: actor.id ?? actor.email }, after });

  /**
   * Before the password is checked: the address's limit, then the e-mail's. A locked e-mail (10 failures in 15
   * minutes) still lets in an address with fewer than 3 failures for it, up to 50 such attempts: a burst of wrong
   * passwords from elsewhere cannot keep its operator out, and guessing from many addresses stays bounded.
   */
  async function takeSignInSlots(c: Context<ApiEnv>, email: string): Promise<void> {
    const db = c.get('db');
    const address = clientAddress(c);
    await enforceLimits(db, [['staffLoginAddress', key(address)]], 'tooManyLogins');
    const locked = await takeSlot(db, 'staffLoginAccount', key(email));
    if (locked === null) return;
    const failedHere = await hitsOf(db, 'staffLoginPair', key(`${email} ${address}`));
    const capped = failedHere >= LIMITS.staffLoginPair.max ? locked : await takeSlot(db, 'staffLoginAccountCap', key(email));
    if (capped === null) return;
    await recordSignIn(db, await actorForEmail(c, email), actions.refused, { reason: 'locked' });
    throw tooMany(capped, 'tooManyLogins');
  }

  /** Ends the session of every cookie of this side the request carries; a signed-in one's end is audited. */
  async function endPresentedSessions(c: Context<ApiEnv>, by: 'sign-in' | 'sign-out'): Promise<void> {
    const db = c.get('db');
    for (const token of cookie.presented(c)) {
      const session = await readSession(db, realm, token);
      if (!session) continue;
      await endSession(db, realm, session.tokenHash);
      if (session.stage === 'verified')
        await recordSignIn(db, await actorOf(c, session.member), actions.sessionEnd, { session: session.publicId, by });
    }
  }

  return new Hono<ApiEnv>()
    .post(
      '/auth/login',
      documented(`${side.who} sign-in, step 1: e-mail and password`, {
        200: done(`Next step: \`code\` or \`enrol\` (the ${side.who.toLowerCase()} cookie is set).`),
        401: missing(`${side.who.toLowerCase()} member with this password`),
        403: stale,
        429: throttled,
      }),
      validate('json', StaffSignInSchema),
      async (c) => {
        const db = c.get('db');
        const { password } = c.req.valid('json');
        const email = c.req.valid('json').email.trim().toLowerCase();
        // A sign-in ends whatever session of this side the browser presented (its own, or one planted in it).
        await endPresentedSessions(c, 'sign-in');
        await takeSignInSlots(c, email);
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
        return c.json({ data: { next: stage === 'password' ? 'code' : 'enrol' } });
      },
    )
    .post(
      '/auth/code',
      documented(`${side.who} sign-in, step 2: the authenticator (or a recovery) code`, {
        200: done(`Signed in (a new ${side.who.toLowerCase()} cookie).`),
        401: missing('sign-in in progress'),
        422: stale,
        403: stale,
        429: throttled,
      }),
      validate('json', StaffCodeSchema),
      async (c) => {
        const db = c.get('db');
        const session = await pendingSession(c);
        const actor = await actorOf(c, session.member);
        const codeKey = key(String(session.member.id));
        try {
          await enforceLimits(db, [['staffCode', codeKey]], 'tooManyLogins');
        } catch (error) {
          if (error instanceof Problem && error.status === 429)
            await recordSignIn(db, actor, actions.refused, { reason: 'codes' });
          throw error;
        }
        const body = c.req.valid('json');
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
        return c.json({ data: { next: 'desk' } });
      },
    )
    .get(
      '/auth/enrol',
      documented('The authenticator secret to enrol (first sign-in)', {
        200: done('Secret, otpauth URI and QR code.'),
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
        200: done('The recovery codes (shown once).'),
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
        200: done('Next step: `enrol`.'),
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
        200: done('Signed out.'),
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
