import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { Problem } from '#server/problem.ts';
import { sellerCan, type SellerPermission } from '#core/permissions/seller-permissions.ts';
import { sellerCookie } from './seller-cookie.ts';
import { readSellerSession } from '#core/actors/server/seller-sessions.ts';

/**
 * Every seller route names the permission it needs (src/core/permissions/seller-permissions.ts); this checks it on the server
 * and sets the signed-in member `{ sellerId, memberId, role, email }` on the context as `seller`: every seller query
 * takes `c.get('seller').sellerId`, so another seller's record is simply not found (404). No verified seller session:
 * 401 (the staff cookie and a shopper's token open nothing here). A role without the permission: 403.
 */
export function requireSeller(
  permission: SellerPermission | null,
): MiddlewareHandler<ApiEnv> & { sellerPermission: SellerPermission | null } {
  const guard: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const session = await readSellerSession(c.get('db'), sellerCookie.token(c));
    if (!session || session.stage !== 'verified') throw new Problem(401, 'seller.signedOut');
    if (permission && !sellerCan(session.seller.role, permission)) throw new Problem(403, 'seller.forbidden');
    c.set('seller', session.seller);
    c.set('sellerSession', session);
    await next();
  };
  // The permission rides on the guard, so the OpenAPI document and the isolation matrix read it from the app itself.
  return Object.assign(guard, { sellerPermission: permission });
}
