import { Hono } from 'hono';
import { ROLE_PERMISSIONS } from '#core/permissions/permissions.ts';
import { STAFF_REALM } from '#core/actors/server/staff-sessions.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { realmCookie } from '#server/api/two-factor-cookie.ts';
import { signInRoutes } from '#server/api/two-factor-sign-in.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done } from '#server/api/openapi/desk-docs.ts';
import { Me } from './staff-answers.ts';

const documented = deskDocumenter('Staff sign-in');

/** Staff sign-in (decision 016): the two-factor steps of src/server/api/two-factor-sign-in.ts, and who is signed in. */
export const adminAuthRoutes = new Hono<ApiEnv>()
  .route(
    '/',
    signInRoutes({
      realm: STAFF_REALM,
      cookie: realmCookie(STAFF_REALM),
      who: 'Staff',
      documented,
      signedOut: 'admin.signedOut',
      actions: {
        signIn: 'staff.signIn',
        failed: 'staff.signIn.failed',
        locked: 'staff.signIn.locked',
        refused: 'staff.signIn.refused',
        sessionEnd: 'staff.session.end',
        recoveryCodeUse: 'staff.recoveryCode.use',
      },
      actorOf: async (_db, member, clientAddress) => ({ id: member.id, email: member.email, role: member.role, clientAddress }),
    }),
  )
  .get(
    '/me',
    documented('The signed-in staff member and their permissions', { 200: done('The member.', Me) }),
    requireStaff(null),
    (c) => {
      const staff = c.get('staff');
      return c.json({
        data: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, permissions: ROLE_PERMISSIONS[staff.role] },
      });
    },
  );
