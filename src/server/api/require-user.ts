import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../auth/access-token.ts';
import { sessionAlive } from '../auth/refresh-tokens.ts';
import type { ApiEnv } from './context.ts';
import { errorBody } from './errors.ts';

/**
 * Guards a route for logged-in shoppers: a valid `Authorization: Bearer <access token>` or 401.
 * Handlers then read `c.get('userId')`; ownership is always checked against it, never against an id sent by the client.
 */
export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const claims = token ? await verifyAccessToken(token) : null;
  // A token from a session that was logged out or ended by a password change stops working at once (ASVS 5.0 V7.4.1).
  const alive = claims?.sessionId ? await sessionAlive(c.get('db'), claims.sessionId) : Boolean(claims);
  if (!claims || !alive) {
    c.header('WWW-Authenticate', 'Bearer');
    return c.json(errorBody(c.get('t').api.unauthenticated), 401);
  }
  c.set('userId', claims.userId);
  if (claims.sessionId) c.set('sessionId', claims.sessionId);
  return next();
});
