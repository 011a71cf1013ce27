import { Hono } from 'hono';
import * as z from 'zod/mini';
import { serverConfig } from '../config.ts';
import { endpointAllowed, removeSubscription, saveSubscription } from '../messaging/push-subscriptions.ts';
import { fieldProblem, Problem } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { documenter, ok, refused } from './openapi/describe.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';

const documented = documenter('Account');

/** Base64url as browsers write the keys (`PushSubscription.toJSON()`); padding tolerated. */
const base64url = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/));

/** `PushSubscription.toJSON()`: its endpoint and the keys the message is encrypted to (p256dh: 65 bytes, auth: 16). */
const SubscriptionSchema = z.object({
  endpoint: z.string().check(z.minLength(10), z.maxLength(1000)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(21, 24) }),
});
const EndpointQuery = z.object({ endpoint: z.string().check(z.minLength(10), z.maxLength(1000)) });
const Endpoint = z.object({ endpoint: z.string() });

/** Refused while the shop has no VAPID keys (production without them): the page then offers nothing. */
function pushConfigured() {
  const push = serverConfig().push;
  if (!push) throw new Problem(404, 'messaging.pushOff');
  return push;
}

/** Order updates as Web Push notifications (issue 41, decision 029, docs/messaging.md). */
export const pushRoutes = new Hono<ApiEnv>()
  .get(
    '/push/key',
    documented({
      summary: "The shop's VAPID public key, for `pushManager.subscribe({ applicationServerKey })`",
      responses: {
        200: ok('The key (base64url, an uncompressed P-256 point).', z.object({ public_key: z.string() })),
        404: refused('The shop sends no notifications (no VAPID keys configured).'),
      },
    }),
    (c) => c.json({ data: { public_key: pushConfigured().publicKey } }),
  )
  .post(
    '/push/subscriptions',
    documented({
      summary: 'Turn order notifications on in this browser (its push subscription, kept for the signed-in shopper)',
      description:
        'The body is `PushSubscription.toJSON()`. One row per endpoint (the browser): sent again, or from another account in the same browser, it replaces the earlier one. Order updates (with the courier, delivered, a failed delivery, a payment code) then also go to this browser, encrypted to its keys (RFC 8291). In production the endpoint must be a known push service over https.',
      responses: {
        201: ok('Kept.', Endpoint),
        404: refused('The shop sends no notifications (no VAPID keys configured).'),
      },
    }),
    requireUser,
    validate('json', SubscriptionSchema),
    async (c) => {
      pushConfigured();
      const { endpoint, keys } = c.req.valid('json');
      if (!endpointAllowed(endpoint, serverConfig().production)) throw fieldProblem(422, 'messaging.pushEndpoint', 'endpoint');
      await saveSubscription(c.get('db'), c.get('userId'), { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return c.json({ data: { endpoint } }, 201);
    },
  )
  .delete(
    '/push/subscriptions',
    documented({
      summary: 'Turn order notifications off in this browser',
      description: "Forgets the signed-in shopper's subscription with this endpoint; nothing when there is none.",
      responses: { 200: ok('Forgotten (or there was none).', Endpoint) },
    }),
    requireUser,
    validate('query', EndpointQuery),
    async (c) => {
      const { endpoint } = c.req.valid('query');
      await removeSubscription(c.get('db'), c.get('userId'), endpoint);
      return c.json({ data: { endpoint } });
    },
  );
