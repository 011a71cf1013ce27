import { Hono } from 'hono';
import { AcceptInviteSchema, EnrolCodeSchema, StaffCodeSchema, StaffSignInSchema } from '../../../lib/schemas/admin.ts';
import { ROLE_PERMISSIONS } from '../../../lib/admin/permissions.ts';
import { clearSlots, enforceLimits, giveBackSlot } from '../../auth/rate-limit.ts';
import { acceptInvite, checkPassword, readInvite } from '../../admin/staff-accounts.ts';
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
import type { ApiEnv } from '../context.ts';
import { clientAddress } from '../session-cookie.ts';
import { validate } from '../validation.ts';
import { requireStaff } from './require-staff.ts';
import { clearStaffCookie, setStaffCookie, staffToken } from './staff-cookie.ts';
import type { Context } from 'hono';

/** The session a sign-in step continues (any stage), or a 401. */
async function pendingSession(c: Context<ApiEnv>): Promise<OpenSession> {
  const session = await readStaffSession(c.get('db'), staffToken(c));
  if (!session) throw new Problem(401, 'admin.signedOut');
  return session;
}

/** Staff sign-in (decision 016): password, then a TOTP code (or a recovery code); a first sign-in enrols the factor. */
export const adminAuthRoutes = new Hono<ApiEnv>()
  .post('/auth/login', validate('json', StaffSignInSchema), async (c) => {
    const db = c.get('db');
    const { email, password } = c.req.valid('json');
    await enforceLimits(
      db,
      [
        ['staffLoginAddress', clientAddress(c)],
        ['staffLoginAccount', email],
      ],
      'tooManyLogins',
    );
    const found = await checkPassword(db, email, password);
    if (!found) throw new Problem(401, 'admin.wrongSignIn');
    // Only failures count: a desk where everyone signs in from the office's one address must not lock itself out.
    await clearSlots(db, 'staffLoginAccount', email);
    await giveBackSlot(db, 'staffLoginAddress', clientAddress(c));
    const stage = found.enrolled ? 'password' : 'enrol';
    setStaffCookie(c, await openStaffSession(db, found.id, stage, clientAddress(c)));
    return c.json({ data: { next: stage === 'password' ? 'code' : 'enrol' } });
  })
  .post('/auth/code', validate('json', StaffCodeSchema), async (c) => {
    const db = c.get('db');
    const session = await pendingSession(c);
    await enforceLimits(db, [['staffCode', String(session.staff.id)]], 'tooManyLogins');
    const body = c.req.valid('json');
    await verifySecondFactor(db, session, {
      ...(body.code ? { code: body.code } : {}),
      ...(body.recovery_code ? { recoveryCode: body.recovery_code } : {}),
    });
    await clearSlots(db, 'staffCode', String(session.staff.id));
    return c.json({ data: { next: 'desk' } });
  })
  .get('/auth/enrol', async (c) => {
    const enrolment = await enrolmentFor(c.get('db'), await pendingSession(c));
    c.header('cache-control', 'no-store');
    return c.json({ data: { secret: enrolment.secret, uri: enrolment.uri, qr_svg: enrolment.qrSvg } });
  })
  .post('/auth/enrol', validate('json', EnrolCodeSchema), async (c) => {
    const db = c.get('db');
    const session = await pendingSession(c);
    await enforceLimits(db, [['staffCode', String(session.staff.id)]], 'tooManyLogins');
    const codes = await confirmEnrolment(db, session, c.req.valid('json').code);
    await clearSlots(db, 'staffCode', String(session.staff.id));
    c.header('cache-control', 'no-store');
    return c.json({ data: { recovery_codes: codes } });
  })
  .post('/auth/accept-invite', validate('json', AcceptInviteSchema), async (c) => {
    const db = c.get('db');
    const { token, password } = c.req.valid('json');
    // A wrong link is counted against the address; a good one (256 random bits, single use) needs no limit.
    if (!(await readInvite(db, token))) {
      await enforceLimits(db, [['staffLoginAddress', clientAddress(c)]], 'tooManyLogins');
      throw new Problem(410, 'admin.inviteExpired');
    }
    const staffId = await acceptInvite(db, token, password);
    setStaffCookie(c, await openStaffSession(db, staffId, 'enrol', clientAddress(c)));
    return c.json({ data: { next: 'enrol' } });
  })
  .post('/auth/logout', async (c) => {
    const session = await readStaffSession(c.get('db'), staffToken(c));
    if (session) await endStaffSession(c.get('db'), session.tokenHash);
    clearStaffCookie(c);
    return c.json({ data: { ok: true } });
  })
  .get('/me', requireStaff(null), (c) => {
    const staff = c.get('staff');
    return c.json({
      data: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, permissions: ROLE_PERMISSIONS[staff.role] },
    });
  });
