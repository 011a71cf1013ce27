import { Hono } from 'hono';
import { ChangeStaffPasswordSchema, RegenerateRecoveryCodesSchema } from '#lib/schemas/admin.ts';
import { enforceLimits } from '#server/auth/rate-limit.ts';
import { ownAccountAnswer } from '#core/second-factor/server/sign-in/own-account.ts';
import { changeOwnPassword, endOwnStaffSession, regenerateRecoveryCodes, staffAccount } from './staff-self.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { clearStaffCookie, sessionClient, setStaffCookie } from '../../shell/server/staff-cookie.ts';
import { deskDocumenter, done, missing, throttled, unreadableSecret } from '#server/api/openapi/desk-docs.ts';
import { OwnAccount, PasswordChanged, RecoveryCodes, SessionEnded } from '#server/api/openapi/account-answers.ts';

const documented = deskDocumenter('Staff account');

/**
 * A member's own account (issue 34), for every signed-in member: their sessions and recovery codes left, a password
 * change, ending a session, new recovery codes. Each proof (password, code) is limited per member before it is checked.
 */
export const adminAccountRoutes = new Hono<ApiEnv>()
  .get(
    '/account',
    documented("The member's own account: sessions and recovery codes left", { 200: done('The account.', OwnAccount) }),
    requireStaff(null),
    async (c) => {
      const account = await staffAccount(c.get('db'), c.get('staffSession'));
      return c.json({ data: ownAccountAnswer(account) });
    },
  )
  .post(
    '/account/password',
    documented('Change the own password (other sessions end)', {
      200: done('Changed.', PasswordChanged),
      409: unreadableSecret,
      429: throttled,
    }),
    requireStaff(null),
    validate('json', ChangeStaffPasswordSchema),
    async (c) => {
      const db = c.get('db');
      const staff = c.get('staff');
      await enforceLimits(db, [['staffCode', String(staff.id)]], 'tooManyLogins');
      const { token, ended } = await changeOwnPassword(db, c.get('staffSession'), c.req.valid('json'), staff, sessionClient(c));
      setStaffCookie(c, token);
      return c.json({ data: { sessions_ended: ended } });
    },
  )
  .delete(
    '/account/sessions/:id',
    documented('End one of the own sessions', { 200: done('The sessions left.', SessionEnded), 404: missing('session') }),
    requireStaff(null),
    async (c) => {
      const { current } = await endOwnStaffSession(c.get('db'), c.get('staffSession'), c.req.param('id'), c.get('staff'));
      if (current) clearStaffCookie(c);
      return c.json({ data: { current } });
    },
  )
  .post(
    '/account/recovery-codes',
    documented('New recovery codes (the old ones stop working)', {
      200: done('The codes (shown once).', RecoveryCodes),
      409: unreadableSecret,
      429: throttled,
    }),
    requireStaff(null),
    validate('json', RegenerateRecoveryCodesSchema),
    async (c) => {
      const db = c.get('db');
      const staff = c.get('staff');
      await enforceLimits(db, [['staffCode', String(staff.id)]], 'tooManyLogins');
      const codes = await regenerateRecoveryCodes(db, c.get('staffSession'), c.req.valid('json').password, staff);
      c.header('cache-control', 'no-store');
      return c.json({ data: { recovery_codes: codes } });
    },
  );
