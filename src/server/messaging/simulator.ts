import { QUICK_REPLIES, type QuickReply } from '#lib/messaging/replies.ts';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { Problem } from '../problem.ts';
import type { InboundOutcome } from './inbox-once.ts';
import { postSimulatedReply, simulatedReplyBody } from './webhook.ts';

/**
 * The demo's stand-in for the shopper's phone (issue 37): the WhatsApp messages in the outbox as the shopper would
 * see them, and a tap on a quick reply posted as Meta would post it. Only in the demo (MESSAGING=demo): with real
 * WhatsApp the messages are on real phones, and nobody may forge a shopper's answer.
 */
export interface SimulatedMessage {
  id: number;
  orderId: number;
  kind: string;
  phone: string;
  locale: string;
  body: string;
  status: string;
  reply: string | null;
  createdAt: string;
  replies: { reply: QuickReply; title: string }[];
}

function demoOnly(): void {
  if (serverConfig().messaging.mode !== 'demo') throw new Problem(404, 'messaging.notDemo');
}

export async function simulatorMessages(db: ShopDb, limit = 30): Promise<SimulatedMessage[]> {
  demoOnly();
  const rows = await db
    .selectFrom('order_messages')
    .select(['id', 'order_id', 'kind', 'phone', 'locale', 'body', 'status', 'reply', 'params', 'created_at'])
    .where('channel', '=', 'whatsapp')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const params = JSON.parse(r.params) as { replies: { payload: string; title: string }[] };
    return {
      id: r.id,
      orderId: r.order_id,
      kind: r.kind,
      phone: r.phone,
      locale: r.locale,
      body: r.body,
      status: r.status,
      reply: r.reply,
      createdAt: r.created_at,
      replies: params.replies.map((p, i) => ({ reply: QUICK_REPLIES[i]!, title: p.title })),
    };
  });
}

/** Taps a quick reply of an outbox message as its shopper: the signed webhook post Meta would send. */
export async function tapQuickReply(db: ShopDb, messageId: number, reply: QuickReply): Promise<InboundOutcome | undefined> {
  demoOnly();
  const row = await db
    .selectFrom('order_messages')
    .select(['phone', 'params', 'provider_message_id'])
    .where('id', '=', messageId)
    .where('channel', '=', 'whatsapp')
    .executeTakeFirst();
  const params = row ? (JSON.parse(row.params) as { replies: { payload: string; title: string }[] }) : null;
  const button = params?.replies[QUICK_REPLIES.indexOf(reply)];
  if (!row || !button) throw new Problem(404, 'messaging.messageNotFound');
  const body = simulatedReplyBody({
    phone: row.phone,
    replyTo: row.provider_message_id,
    payload: button.payload,
    title: button.title,
  });
  return postSimulatedReply(db, body);
}
