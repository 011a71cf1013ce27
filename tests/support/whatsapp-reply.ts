import { expect } from 'vitest';
import type { ShopDb } from '../../src/server/db/index.ts';
import { serverConfig } from '../../src/server/config.ts';
import { simulatedReplyBody } from '../../src/server/messaging/webhook.ts';
import { kickWebhookEvents } from '../../src/server/messaging/webhook-queue.ts';
import { signWebhookBody } from '../../src/server/messaging/whatsapp-signature.ts';

/**
 * The shopper taps a quick reply on WhatsApp: Meta's signed webhook post for `order:<id>:<reply>`, then the events it
 * queued are taken (the webhook answers first and moves the order right after).
 */
export async function whatsappReply(
  api: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  db: ShopDb,
  order: { id: number; phone: string },
  reply: 'confirm' | 'cancel',
): Promise<void> {
  const body = simulatedReplyBody({ phone: order.phone, replyTo: null, payload: `order:${order.id}:${reply}`, title: reply });
  const res = await api.request('/api/whatsapp/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signWebhookBody(serverConfig().messaging.whatsapp.appSecret, body),
    },
    body,
  });
  expect(res.status).toBe(200);
  await kickWebhookEvents(db);
}
