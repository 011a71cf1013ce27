import {
  isOptOut,
  isDeliveryStatus,
  parseDayPayload,
  parseReplyPayload,
  statusMoves,
  type QuickReply,
} from '#lib/messaging/replies.ts';
import { moveOrder } from '#core/orders/server/order-moves.ts';
import { SYSTEM_NOTES } from '#core/orders/server/confirmation.ts';
import { shopperChannelActor } from '#core/actors/server/actors.ts';
import type { ShopDb } from '../db/index.ts';
import { isUniqueViolation, nowIso } from '../db/values.ts';
import { once, takeOnce, type InboundOutcome } from './inbox-once.ts';
import { takeDayChoice } from './day-choice.ts';
import { log } from '../observability/logger.ts';
import { Problem } from '../problem.ts';
import type { MessageKind } from '#lib/messaging/replies.ts';
import type { ChannelName } from './channel.ts';
import { withdrawConsent } from './consent.ts';
import { queueOrderMessage } from './order-messages.ts';

/**
 * What a WhatsApp webhook post means for the shop (issue 37), once its signature has been checked. Meta's shape
 * (Cloud API "Webhooks: messages"): `{ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages',
 * value: { messages?: [...], statuses?: [...] } }] }] }`. Each event is taken once (message_inbox, keyed by its id):
 * - a quick reply (`type: button`, `button.payload`; or `interactive.button_reply.id`) answers a confirmation;
 * - a text: STOP/إلغاء withdraws consent; after "change address" it is the new address, shown to the caller;
 * - a status (`sent`, `delivered`, `read`, `failed`) moves the message forward only; a failed WhatsApp message
 *   falls back to SMS.
 */

export type { InboundOutcome };

export interface WaMessage {
  id?: unknown;
  from?: unknown;
  type?: unknown;
  button?: { payload?: unknown; text?: unknown };
  interactive?: { button_reply?: { id?: unknown }; list_reply?: { id?: unknown } };
  text?: { body?: unknown };
}
export interface WaStatus {
  id?: unknown;
  status?: unknown;
  errors?: { code?: unknown; title?: unknown }[];
}

export const str = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : null;

/** The events of a webhook post, in the order they came. */
export function webhookEvents(payload: unknown): { messages: WaMessage[]; statuses: WaStatus[] } {
  const messages: WaMessage[] = [];
  const statuses: WaStatus[] = [];
  const entries = (payload as { entry?: unknown } | null)?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown }).changes;
    for (const change of Array.isArray(changes) ? changes : []) {
      const value = (change as { field?: unknown; value?: { messages?: unknown; statuses?: unknown } }).value;
      if ((change as { field?: unknown }).field !== 'messages' || !value) continue;
      if (Array.isArray(value.messages)) messages.push(...(value.messages as WaMessage[]));
      if (Array.isArray(value.statuses)) statuses.push(...(value.statuses as WaStatus[]));
    }
  }
  return { messages, statuses };
}

const ORDER_OPEN = 'PLACED';

/** A quick reply to a confirmation: the order moves through the desk's one mover, as the shopper on WhatsApp. */
export async function takeReply(
  db: ShopDb,
  id: string,
  phone: string,
  orderId: number,
  reply: QuickReply,
  channel: Exclude<ChannelName, 'push'> = 'whatsapp',
): Promise<InboundOutcome> {
  const asked = await db
    .selectFrom('order_messages')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'confirm')
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!asked) {
    // A payload for an order that does not exist, or that this number was never asked about.
    log().warn({ order: orderId }, 'whatsapp: a reply from a number never asked about this order was ignored');
    return once(db, async (trx) => {
      await takeOnce(trx, { id, kind: 'reply', phone, orderId: null, outcome: 'unknown' });
      return 'unknown';
    });
  }
  const outcome: InboundOutcome = reply === 'confirm' ? 'confirmed' : reply === 'cancel' ? 'cancelled' : 'change_address';
  const record = async (trx: ShopDb) => {
    await takeOnce(trx, { id, kind: 'reply', phone, orderId, outcome });
    await trx
      .updateTable('order_messages')
      .set({ reply, replied_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', asked.id)
      .execute();
  };
  try {
    if (reply === 'change_address') {
      return await once(db, async (trx) => {
        const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
        if (order.status !== ORDER_OPEN) throw new Problem(409, 'admin.staleOrder');
        await record(trx);
        await queueOrderMessage(trx, orderId, 'change_address', channel);
        return outcome;
      });
    }
    const actor = shopperChannelActor(channel, phone);
    await moveOrder(
      db,
      reply === 'confirm'
        ? { orderId, from: ORDER_OPEN, to: 'ACCEPT', reason: SYSTEM_NOTES.confirmedByReply }
        : { orderId, from: ORDER_OPEN, to: 'CANCELED', reason: SYSTEM_NOTES.cancelledByReply },
      actor,
      record,
    );
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    if (!(error instanceof Problem) || error.status !== 409) throw error;
    // The order moved on (confirmed already, cancelled, on its way): never back; a polite answer, once.
    return once(db, async (trx) => {
      await takeOnce(trx, { id, kind: 'reply', phone, orderId, outcome: 'moved_on' });
      await queueOrderMessage(trx, orderId, 'moved_on', channel);
      return 'moved_on';
    });
  }
}

/** A text: STOP/إلغاء, or the new address after "change address", kept for the caller. */
async function takeText(db: ShopDb, id: string, phone: string, body: string): Promise<InboundOutcome> {
  return once(db, async (trx) => {
    if (isOptOut(body)) {
      await withdrawConsent(trx, phone);
      await takeOnce(trx, { id, kind: 'text', phone, orderId: null, outcome: 'opted_out' });
      return 'opted_out';
    }
    const waiting = await trx
      .selectFrom('order_messages')
      .innerJoin('orders', 'orders.id', 'order_messages.order_id')
      .select(['order_messages.id', 'order_messages.order_id'])
      .where('order_messages.phone', '=', phone)
      .where('order_messages.kind', '=', 'confirm')
      .where('order_messages.reply', '=', 'change_address')
      .where('orders.status', '=', ORDER_OPEN)
      .orderBy('order_messages.id', 'desc')
      .executeTakeFirst();
    if (waiting)
      await trx
        .updateTable('order_messages')
        .set({ reply_text: body.slice(0, 1000), updated_at: nowIso() })
        .where('id', '=', waiting.id)
        .execute();
    const outcome = waiting ? 'noted' : 'ignored';
    await takeOnce(trx, { id, kind: 'text', phone, orderId: waiting?.order_id ?? null, outcome });
    return outcome;
  });
}

/** A delivery status: forward only (statuses arrive out of order); a failed WhatsApp message goes again by SMS. */
async function takeStatus(db: ShopDb, providerId: string, status: string, error: string | null): Promise<InboundOutcome> {
  if (!isDeliveryStatus(status)) return 'ignored';
  return once(db, async (trx) => {
    await takeOnce(trx, { id: `${providerId}:${status}`, kind: 'status', phone: null, orderId: null, outcome: 'status' });
    const message = await trx
      .selectFrom('order_messages')
      .select(['id', 'status', 'channel', 'order_id', 'kind'])
      .where('provider_message_id', '=', providerId)
      .executeTakeFirst();
    if (!message || !isDeliveryStatus(message.status) || !statusMoves(message.status, status)) return 'ignored';
    await trx
      .updateTable('order_messages')
      .set({ status, updated_at: nowIso(), ...(status === 'failed' ? { error } : {}) })
      .where('id', '=', message.id)
      .execute();
    if (status === 'failed' && message.channel === 'whatsapp')
      await queueOrderMessage(trx, message.order_id, message.kind as MessageKind, 'sms');
    return 'status';
  });
}

/** Takes one stored message event (webhook-queue.ts): a quick reply, a text, or something the shop ignores. */
export async function takeMessage(db: ShopDb, m: WaMessage): Promise<InboundOutcome> {
  const id = str(m.id);
  const from = str(m.from);
  if (!id || !from || !/^\d{6,15}$/.test(from)) return 'ignored';
  const phone = `+${from}`;
  const payloadText =
    m.type === 'button'
      ? str(m.button?.payload)
      : m.type === 'interactive'
        ? str(m.interactive?.button_reply?.id ?? m.interactive?.list_reply?.id)
        : null;
  const reply = payloadText ? parseReplyPayload(payloadText) : null;
  const day = !reply && payloadText ? parseDayPayload(payloadText) : null;
  const text = m.type === 'text' ? str(m.text?.body) : m.type === 'button' && !reply && !day ? str(m.button?.text) : null;
  if (reply) return takeReply(db, id, phone, reply.orderId, reply.reply);
  if (day) return takeDayChoice(db, id, phone, day.orderId, day.choice);
  if (text) return takeText(db, id, phone, text);
  return once(db, async (trx) => {
    await takeOnce(trx, { id, kind: 'other', phone, orderId: null, outcome: 'ignored' });
    return 'ignored';
  });
}

/** Takes one stored status event: forward only; a failed WhatsApp message goes again by SMS. */
export async function takeStatusEvent(db: ShopDb, s: WaStatus): Promise<InboundOutcome> {
  const id = str(s.id);
  const status = str(s.status);
  if (!id || !status) return 'ignored';
  const error = s.errors?.[0] ? `${String(s.errors[0].code)} ${String(s.errors[0].title ?? '')}`.trim() : null;
  return takeStatus(db, id, status, error);
}
