import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../auth/access-token.ts';
import { sessionAlive } from '../auth/refresh-tokens.ts';
import type { Context } from 'hono';
import type { ApiEnv } from './context.ts';
import { Problem } from '../problem.ts';

/**
 * Guards a route for logged-in shoppers: a valid `Authorization: Bearer <access token>` or 401.
 * Handlers then read `c.get('userId')`; ownership is always checked against it, never against an id sent by the client.
 */
export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  const claims = await signedInShopper(c);
  if (!claims) {
    c.header('WWW-Authenticate', 'Bearer');
    throw new Problem(401, 'api.unauthenticated');
  }
  c.set('userId', claims.userId);
  c.set('sessionId', claims.sessionId);
  return next();
});

/** The claims of a valid bearer token of a live session, or null: for routes open to guests that adapt to a shopper. */
export async function signedInShopper(c: Context<ApiEnv>) {
  const header = c.req.header('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const claims = token ? await verifyAccessToken(token) : null;
  // A token from a session that was logged out or ended by a password change stops working at once (ASVS 5.0 V7.4.1).
  return claims && (await sessionAlive(c.get('db'), claims.sessionId)) ? claims : null;
}
