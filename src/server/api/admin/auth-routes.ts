import { Hono } from 'hono';
import type { AuditAction } from '../../../lib/admin/audit-actions.ts';
import { AcceptInviteSchema, EnrolCodeSchema, StaffCodeSchema, StaffSignInSchema } from '../../../lib/schemas/admin.ts';
import { ROLE_PERMISSIONS } from '../../../lib/admin/permissions.ts';
import { clearSlots, enforceLimits, giveBackSlot, hitsOf, LIMITS, takeSlot, tooMany } from '../../auth/rate-limit.ts';
import { acceptInvite, checkPassword, readInvite } from '../../admin/staff-accounts.ts';
import { recordAudit, type AuditActor } from '../../admin/audit.ts';
import { recoveryCodesLeft } from '../../admin/recovery-codes.ts';
import {
  confirmEnrolment,
  endStaffSession,
  enrolmentFor,
  openStaffSession,
  readStaffSession,
  verifySecondFactor,
  type OpenSession,
} from '../../admin/staff-sessions.ts';
import { Problem } from '../../problem.ts';
import type { ShopDb } from '../../db/index.ts';
import type { ApiEnv } from '../context.ts';
import { clientAddress } from '../session-cookie.ts';
import { validate } from '../validation.ts';
import { requireStaff } from './require-staff.ts';
import { clearStaffCookie, presentedStaffTokens, sessionClient, setStaffCookie, staffToken } from './staff-cookie.ts';
import type { Context } from 'hono';
import { deskDocumenter, done, missing, stale, throttled } from './desk-docs.ts';

const documented = deskDocumenter('Staff sign-in');

/** The session a sign-in step continues (any stage), or a 401. */
async function pendingSession(c: Context<ApiEnv>): Promise<OpenSession> {
  const session = await readStaffSession(c.get('db'), staffToken(c));
  if (!session) throw new Problem(401, 'admin.signedOut');
  return session;
}

const actorOf = (c: Context<ApiEnv>, staff: { id: number; email: string; role: string }): AuditActor => ({
  id: staff.id,
  email: staff.email,
  role: staff.role,
  clientAddress: clientAddress(c),
});

/** Who a typed e-mail names, for the audit log of a failed or refused sign-in. */
async function actorForEmail(c: Context<ApiEnv>, email: string): Promise<AuditActor> {
  const row = await c.get('db').selectFrom('staff').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
  return { id: row?.id ?? null, email, role: row?.role ?? 'unknown', clientAddress: clientAddress(c) };
}

/** A sign-in event in the audit log (issue 34): who, from where, what happened. */
const recordSignIn = (db: ShopDb, actor: AuditActor, action: AuditAction, after?: unknown) =>
  recordAudit(db, actor, { action, subject: { type: 'staff', id: actor.id ?? actor.email }, after });

/**
 * Before the password is checked: the address's limit, then the e-mail's. A locked e-mail (10 failures in 15 minutes)
 * still lets in an address with fewer than 3 failures for it, up to 50 such attempts: a burst of wrong passwords from
 * elsewhere cannot keep its operator out, and guessing from many addresses stays bounded (docs/security.md).
 */
async function takeSignInSlots(c: Context<ApiEnv>, email: string): Promise<void> {
  const db = c.get('db');
  const address = clientAddress(c);
  await enforceLimits(db, [['staffLoginAddress', address]], 'tooManyLogins');
  const locked = await takeSlot(db, 'staffLoginAccount', email);
  if (locked === null) return;
  const failedHere = await hitsOf(db, 'staffLoginPair', `${email} ${address}`);
  const capped = failedHere >= LIMITS.staffLoginPair.max ? locked : await takeSlot(db, 'staffLoginAccountCap', email);
  if (capped === null) return;
  await recordSignIn(db, await actorForEmail(c, email), 'staff.signIn.refused', { reason: 'locked' });
  throw tooMany(capped, 'tooManyLogins');
}

/** Ends the session of every staff cookie the request carries; a signed-in one's end goes to the audit log. */
async function endPresentedSessions(c: Context<ApiEnv>, by: 'sign-in' | 'sign-out'): Promise<void> {
  const db = c.get('db');
  for (const token of presentedStaffTokens(c)) {
    const session = await readStaffSession(db, token);
    if (!session) continue;
    await endStaffSession(db, session.tokenHash);
    if (session.stage === 'verified')
      await recordSignIn(db, actorOf(c, session.staff), 'staff.session.end', { session: session.publicId, by });
  }
}

/** Staff sign-in (decision 016): password, then a TOTP code (or a recovery code); a first sign-in enrols the factor. */
export const adminAuthRoutes = new Hono<ApiEnv>()
  .post(
    '/auth/login',
    documented('Staff sign-in, step 1: e-mail and password', {
      200: done('Next step: `code` or `enrol` (the staff cookie is set).'),
      401: missing('staff member with this password'),
      403: stale,
      429: throttled,
    }),
    validate('json', StaffSignInSchema),
    async (c) => {
      const db = c.get('db');
      const { password } = c.req.valid('json');
      const email = c.req.valid('json').email.trim().toLowerCase();
      // A sign-in ends whatever staff session the browser presented (its own, or one planted in it).
      await endPresentedSessions(c, 'sign-in');
      await takeSignInSlots(c, email);
      const found = await checkPassword(db, email, password);
      if (!found) {
        await takeSlot(db, 'staffLoginPair', `${email} ${clientAddress(c)}`);
        const actor = await actorForEmail(c, email);
        await recordSignIn(db, actor, 'staff.signIn.failed', { step: 'password' });
        if ((await hitsOf(db, 'staffLoginAccount', email)) === LIMITS.staffLoginAccount.max)
          await recordSignIn(db, actor, 'staff.signIn.locked', { minutes: LIMITS.staffLoginAccount.windowSeconds / 60 });
        throw new Problem(401, 'admin.wrongSignIn');
      }
      // Only failures count: a desk where everyone signs in from the office's one address must not lock itself out.
      await clearSlots(db, 'staffLoginAccount', email);
      await clearSlots(db, 'staffLoginPair', `${email} ${clientAddress(c)}`);
      await giveBackSlot(db, 'staffLoginAddress', clientAddress(c));
      const stage = found.enrolled ? 'password' : 'enrol';
      setStaffCookie(c, await openStaffSession(db, found.id, stage, sessionClient(c)));
      return c.json({ data: { next: stage === 'password' ? 'code' : 'enrol' } });
    },
  )
  .post(
    '/auth/code',
    documented('Staff sign-in, step 2: the authenticator (or a recovery) code', {
      200: done('Signed in (a new staff cookie).'),
      401: missing('sign-in in progress'),
      422: stale,
      403: stale,
      429: throttled,
    }),
    validate('json', StaffCodeSchema),
    async (c) => {
      const db = c.get('db');
      const session = await pendingSession(c);
      const actor = actorOf(c, session.staff);
      try {
        await enforceLimits(db, [['staffCode', String(session.staff.id)]], 'tooManyLogins');
      } catch (error) {
        if (error instanceof Problem && error.status === 429)
          await recordSignIn(db, actor, 'staff.signIn.refused', { reason: 'codes' });
        throw error;
      }
      const body = c.req.valid('json');
      let signedIn: Awaited<ReturnType<typeof verifySecondFactor>>;
      try {
        signedIn = await verifySecondFactor(
          db,
          session,
          { ...(body.code ? { code: body.code } : {}), ...(body.recovery_code ? { recoveryCode: body.recovery_code } : {}) },
          sessionClient(c),
        );
      } catch (error) {
        if (error instanceof Problem && error.status === 422)
          await recordSignIn(db, actor, 'staff.signIn.failed', { step: body.recovery_code ? 'recovery_code' : 'code' });
        throw error;
      }
      await clearSlots(db, 'staffCode', String(session.staff.id));
      if (signedIn.recoveryCodeUsed)
        await recordSignIn(db, actor, 'staff.recoveryCode.use', { left: await recoveryCodesLeft(db, session.staff.id) });
      await recordSignIn(db, actor, 'staff.signIn', { with: signedIn.recoveryCodeUsed ? 'recovery_code' : 'code' });
      // A new token for the signed-in session: the one from the password step no longer opens anything.
      setStaffCookie(c, signedIn.token);
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
      const enrolment = await enrolmentFor(c.get('db'), await pendingSession(c));
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
      await enforceLimits(db, [['staffCode', String(session.staff.id)]], 'tooManyLogins');
      const { codes, token } = await confirmEnrolment(db, session, c.req.valid('json').code, sessionClient(c));
      await clearSlots(db, 'staffCode', String(session.staff.id));
      await recordSignIn(db, actorOf(c, session.staff), 'staff.signIn', { with: 'enrolment' });
      setStaffCookie(c, token);
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
      if (!(await readInvite(db, token))) {
        await enforceLimits(db, [['staffLoginAddress', clientAddress(c)]], 'tooManyLogins');
        throw new Problem(410, 'admin.inviteExpired');
      }
      await endPresentedSessions(c, 'sign-in');
      const staffId = await acceptInvite(db, token, password);
      setStaffCookie(c, await openStaffSession(db, staffId, 'enrol', sessionClient(c)));
      return c.json({ data: { next: 'enrol' } });
    },
  )
  .post(
    '/auth/logout',
    documented('Staff sign-out (every staff cookie presented ends)', { 200: done('Signed out.'), 403: stale }),
    async (c) => {
      // Every staff cookie the browser sent (one, unless one was planted beside it) stops working.
      await endPresentedSessions(c, 'sign-out');
      clearStaffCookie(c);
      return c.json({ data: { ok: true } });
    },
  )
  .get(
    '/me',
    documented('The signed-in staff member and their permissions', { 200: done('The member.') }),
    requireStaff(null),
    (c) => {
      const staff = c.get('staff');
      return c.json({
        data: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, permissions: ROLE_PERMISSIONS[staff.role] },
      });
    },
  );
