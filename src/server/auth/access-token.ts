import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { serverConfig } from '../config.ts';
import { log } from '../observability/logger.ts';

/** Access-token lifetime (spec section 9). */
export const ACCESS_TOKEN_SECONDS = 3600;

const ISSUER = 'bean-bazaar';

let warned = false;
let devSecret: Uint8Array | undefined;

/**
 * The HS256 signing key: AUTH_TOKEN_SECRET (at least 32 characters; required when several app instances share
 * users). Without it a random per-process key is used, so tokens end with the process: fine for one dev server.
 */
function signingKey(): Uint8Array {
  const config = serverConfig();
  const fromEnv = config.tokenSecret;
  if (fromEnv && fromEnv.length >= 32) return new TextEncoder().encode(fromEnv);
  if (fromEnv) throw new Error('AUTH_TOKEN_SECRET must be at least 32 characters long');
  if (config.production && !warned) {
    warned = true;
    log().warn('AUTH_TOKEN_SECRET is not set: access tokens will not survive a restart or work across instances');
  }
  devSecret ??= randomBytes(32);
  return devSecret;
}

/** A signed access token (JWT, HS256) naming the shopper in `sub` and their session (refresh-token family) in `sid`. */
export async function signAccessToken(userId: number, sessionId: string): Promise<string> {
  const jwt = new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`);
  return jwt.sign(signingKey());
}

/** The shopper and session an access token names, or null when it is malformed, forged, expired or names no session. */
export async function verifyAccessToken(token: string): Promise<{ userId: number; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return typeof payload['sid'] === 'string' ? { userId, sessionId: payload['sid'] } : null;
  } catch {
    return null;
  }
}

/**
 * A signature of `message` for a capability URL (issue 52: a pending review's photos for their author), keyed by the
 * access tokens' key and the URL's `purpose`, so it is valid across instances exactly as long as their tokens are.
 */
export function signUrlPart(purpose: string, message: string): string {
  const key = createHmac('sha256', signingKey()).update(`url:${purpose}`).digest();
  return createHmac('sha256', key).update(message).digest('base64url');
}

/** Whether `signature` is signUrlPart(purpose, message), compared in constant time. */
export function urlPartSigned(purpose: string, message: string, signature: string): boolean {
  const expected = Buffer.from(signUrlPart(purpose, message));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
