import { Hono } from 'hono';
import { receiveWebhook, verifySubscription } from '../messaging/webhook.ts';
import type { ApiEnv } from './context.ts';

/** WhatsApp's webhook (issue 37, docs/messaging.md): the subscription handshake and the signed event posts. */
export const whatsappRoutes = new Hono<ApiEnv>()
  .get('/whatsapp/webhook', (c) =>
    c.text(
      verifySubscription({
        mode: c.req.query('hub.mode'),
        token: c.req.query('hub.verify_token'),
        challenge: c.req.query('hub.challenge'),
      }),
    ),
  )
  .post('/whatsapp/webhook', async (c) => {
    // The signature covers the exact bytes received: read the raw body, never a re-serialised one.
    const outcomes = await receiveWebhook(c.get('db'), await c.req.text(), c.req.header('x-hub-signature-256'));
    return c.json({ data: { taken: outcomes.length } });
  });
