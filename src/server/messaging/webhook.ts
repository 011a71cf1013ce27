import { randomUUID } from 'node:crypto';
import { sameSecret } from '../constant-time.ts';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { Problem } from '../problem.ts';
import type { InboundOutcome } from './inbox-once.ts';
import { storeWebhookEvents, takeStoredEvents } from './webhook-queue.ts';
import { waNumber } from './whatsapp-cloud.ts';
import { WhatsAppWebhookShape } from './webhook-shape.ts';
import { signWebhookBody, webhookSignatureValid } from './whatsapp-signature.ts';

/**
 * The subscription handshake (GET): Meta sends hub.mode=subscribe, hub.verify_token (ours) and hub.challenge, and
 * expects the challenge back as the body. The challenge, or a 403.
 */
export function verifySubscription(query: {
  mode?: string | undefined;
  token?: string | undefined;
  challenge?: string | undefined;
}): string {
  const matches = sameSecret(query.token, serverConfig().messaging.whatsapp.verifyToken);
  if (query.mode !== 'subscribe' || !matches || !query.challenge) throw new Problem(403, 'messaging.verifyRefused');
  return query.challenge;
}

/**
 * A webhook post (POST): the signature over the raw bytes is checked before anything is parsed, then its events are
 * stored (once each, webhook-queue.ts) and nothing else: Meta gets its 200 at once and does not retry. What they mean
 * is taken after the answer. How many events the post carried, and the ids newly stored (what the caller takes).
 */
export async function receiveWebhook(
  db: ShopDb,
  rawBody: string,
  signature: string | undefined,
): Promise<{ count: number; stored: string[] }> {
  if (!webhookSignatureValid(serverConfig().messaging.whatsapp.appSecret, rawBody, signature))
    throw new Problem(401, 'messaging.badSignature');
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    throw new Problem(400, 'messaging.badPayload');
  }
  // Meta's documented shape before any event is read (webhook-shape.ts).
  if (!WhatsAppWebhookShape.safeParse(payload).success) throw new Problem(400, 'messaging.badPayload');
  return storeWebhookEvents(db, payload);
}

/** The shop's own number as the demo shows it (Meta's test numbers start 1 555). */
const DEMO_BUSINESS_NUMBER = '15550001234';

/** A webhook post as Meta would send it when `phone` taps a quick reply on the message `replyTo`. */
export function simulatedReplyBody(reply: { phone: string; replyTo: string | null; payload: string; title: string }): string {
  const from = waNumber(reply.phone);
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '0',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: DEMO_BUSINESS_NUMBER,
                phone_number_id: serverConfig().messaging.whatsapp.phoneNumberId,
              },
              contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
              messages: [
                {
                  ...(reply.replyTo ? { context: { from: DEMO_BUSINESS_NUMBER, id: reply.replyTo } } : {}),
                  from,
                  id: `wamid.sim.${randomUUID()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'button',
                  button: { payload: reply.payload, text: reply.title },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/**
 * The simulator's post: signed with the app secret exactly as Meta signs, taken through the same check and queue,
 * then waited for (the staff member tapping wants to see what it did). What the tap did.
 */
export async function postSimulatedReply(db: ShopDb, body: string): Promise<InboundOutcome | undefined> {
  const { stored } = await receiveWebhook(db, body, signWebhookBody(serverConfig().messaging.whatsapp.appSecret, body));
  await takeStoredEvents(db, stored);
  const id = (JSON.parse(body) as { entry: { changes: { value: { messages: { id: string }[] } }[] }[] }).entry[0]?.changes[0]
    ?.value.messages[0]?.id;
  const taken = id
    ? await db.selectFrom('message_inbox').select('outcome').where('event_id', '=', id).executeTakeFirst()
    : undefined;
  return taken?.outcome as InboundOutcome | undefined;
}
