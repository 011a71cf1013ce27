import { QUICK_REPLIES, type QuickReply } from '#lib/messaging/replies.ts';
import { localeOr, type Locale } from '#i18n/locales.ts';
import type { ShopDb } from '../db/index.ts';
import { orderOfToken } from './confirm-token.ts';
import { takeReply, type InboundOutcome } from './inbound.ts';

/** The SMS fallback's confirmation page (issue 37): what it shows and what an answer on it does (confirm-token.ts). */
const eventId = (orderId: number) => `link:${orderId}`;

export interface ConfirmLinkView {
  orderId: number;
  locale: Locale;
  /** The confirmation as the WhatsApp message said it. */
  body: string;
  replies: { reply: QuickReply; title: string }[];
  /** The link was used: what it did. */
  answered: string | null;
}

/** What the page shows for a token: null when the token is not ours or its order was never asked to confirm. */
export async function confirmLinkView(db: ShopDb, token: string): Promise<ConfirmLinkView | null> {
  const orderId = orderOfToken(token);
  if (orderId === null) return null;
  const asked = await db
    .selectFrom('order_messages')
    .select(['body', 'params', 'locale'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'confirm')
    .where('channel', '=', 'whatsapp')
    .executeTakeFirst();
  if (!asked) return null;
  const used = await db.selectFrom('message_inbox').select('outcome').where('event_id', '=', eventId(orderId)).executeTakeFirst();
  const params = JSON.parse(asked.params) as { replies: { title: string }[] };
  return {
    orderId,
    locale: localeOr(asked.locale),
    body: asked.body,
    replies: params.replies.map((r, i) => ({ reply: QUICK_REPLIES[i]!, title: r.title })),
    answered: used?.outcome ?? null,
  };
}

/** The shopper's answer on the page: as a quick reply would act, once; null for a token that is not ours. */
export async function answerByLink(db: ShopDb, token: string, reply: QuickReply): Promise<InboundOutcome | null> {
  const orderId = orderOfToken(token);
  if (orderId === null) return null;
  const asked = await db
    .selectFrom('order_messages')
    .select('phone')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'confirm')
    .orderBy('id')
    .executeTakeFirst();
  if (!asked) return null;
  return takeReply(db, eventId(orderId), asked.phone, orderId, reply, 'sms');
}
