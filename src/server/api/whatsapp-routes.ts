import { Hono } from 'hono';
import * as z from 'zod/mini';
import { receiveWebhook, verifySubscription } from '../messaging/webhook.ts';
import { takeStoredEvents } from '../messaging/webhook-queue.ts';
import type { ApiEnv } from './context.ts';
import { documenter, media, ok, refused } from './openapi/describe.ts';
import { countedWebhook } from '../observability/business-metrics.ts';
import { metrics } from '../observability/metrics.ts';
import { validate } from './validation.ts';

const documented = documenter('Webhooks');

/** Meta's subscription handshake: all three as Meta sends them; any missing or wrong is the 403 below. */
const SubscriptionQuerySchema = z.object({
  'hub.mode': z.optional(z.string()),
  'hub.verify_token': z.optional(z.string()),
  'hub.challenge': z.optional(z.string()),
});

/** WhatsApp's webhook (issue 37, docs/messaging.md): the subscription handshake and the signed event posts. */
export const whatsappRoutes = new Hono<ApiEnv>()
  .get(
    '/whatsapp/webhook',
    documented({
      summary: "WhatsApp's subscription handshake (Meta verifying the webhook URL)",
      description:
        'Meta calls it once when the webhook is configured, with `hub.mode=subscribe`, `hub.verify_token` (compared in constant time with our verify token) and `hub.challenge`, and expects the challenge back as the plain-text body.',
      security: 'signature',
      responses: {
        200: media('The `hub.challenge`, as it came.', 'text/plain'),
        403: refused('Not a subscription, the verify token does not match (or none is configured), or no challenge.'),
      },
    }),
    validate('query', SubscriptionQuerySchema),
    (c) => {
      const query = c.req.valid('query');
      return c.text(
        verifySubscription({
          mode: query['hub.mode'],
          token: query['hub.verify_token'],
          challenge: query['hub.challenge'],
        }),
      );
    },
  )
  .post(
    '/whatsapp/webhook',
    documented({
      summary: "WhatsApp's signed events (delivery statuses, the shoppers' replies)",
      description:
        "Trusted only through `X-Hub-Signature-256`: `sha256=` and the HMAC-SHA256 of the exact raw body with the app secret (WHATSAPP_APP_SECRET), checked in constant time before anything is parsed. The body is Meta's own webhook payload (`object: whatsapp_business_account`, `entry[].changes[].value` with `statuses` or `messages`). Each event is stored once under its id (a repeat changes nothing) and taken after the answer, so Meta gets its 200 at once and does not retry.",
      security: 'signature',
      responses: {
        200: ok('Taken: how many events were read.', z.object({ taken: z.number() })),
        400: refused("Signed, but the body is not JSON or not Meta's documented webhook shape."),
        401: refused('The signature is missing or does not match; nothing is read.'),
        413: refused('Larger than 256 KB: refused while it arrives, before the signature is checked.'),
      },
    }),
    async (c) => {
      // The signature covers the exact bytes received: read the raw body, never a re-serialised one.
      const db = c.get('db');
      const rawBody = await c.req.text();
      const { count, stored } = await countedWebhook(
        (outcome) => metrics().webhooks.inc({ provider: 'whatsapp', outcome }),
        () => receiveWebhook(db, rawBody, c.req.header('x-hub-signature-256')),
        // Every event of the post already stored: Meta sent it again.
        (taken) => (taken.count > 0 && taken.stored.length === 0 ? 'duplicate' : 'accepted'),
      );
      // Stored, so answered now; taken right after the answer (and by the job if this process dies first).
      void takeStoredEvents(db, stored);
      return c.json({ data: { taken: count } });
    },
  );
