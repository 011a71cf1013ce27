import type { MiddlewareHandler } from 'hono';
import { can, type Permission } from '#core/permissions/permissions.ts';
import { readStaffSession } from '#core/actors/server/staff-sessions.ts';
import { Problem } from '#server/problem.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { clientAddress } from '#server/api/session-cookie.ts';
import { staffToken } from './staff-cookie.ts';

/**
 * Every admin route names the permission it needs; this checks it on the server against the one role → permissions
 * table (src/core/permissions/permissions.ts). No verified staff session: 401. A role without the permission: 403. A
 * shopper's bearer token opens nothing here: only the staff cookie is read.
 */
export function requireStaff(permission: Permission | null): MiddlewareHandler<ApiEnv> & { permission: Permission | null } {
  const guard: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const session = await readStaffSession(c.get('db'), staffToken(c));
    if (!session || session.stage !== 'verified') throw new Problem(401, 'admin.signedOut');
    if (permission && !can(session.staff.role, permission)) throw new Problem(403, 'admin.forbidden');
    c.set('staffSession', session);
    c.set('staff', { ...session.staff, clientAddress: clientAddress(c) });
    await next();
  };
  // The permission rides on the guard, so the permission-matrix test reads every route's rule from the app itself.
  return Object.assign(guard, { permission });
}
