import { formatOrderId } from '#i18n/format.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { dictionary } from '#i18n/t.ts';
import type { MessageKind } from '#lib/messaging/replies.ts';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { nowIso } from '../db/values.ts';
import { hasSubscription } from './push-subscriptions.ts';

/**
 * The order updates that also go as notifications (decision 029): what happens to an order after it is placed. The
 * confirmation asks for a reply, which a notification cannot carry (its answers are WhatsApp's quick replies and the
 * SMS link), and the answers to a shopper's own WhatsApp message belong in that conversation.
 */
export const PUSH_KINDS: readonly MessageKind[] = [
  'with_courier',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'payment_code',
  'refund_paid',
  'rate_request',
];

/** The shopper's orders page, where the order's state and any payment code are shown, in the order's language. */
export const orderPageUrl = (locale: Locale, orderId: number): string =>
  `${localePath(locale, '/profile/order-history')}#order-${orderId}`;

type PushOrder = { id: number; user_id: number; locale: Locale; phone: string | null };

/**
 * Writes the notification of an order update into the outbox (channel `push`) in the order change's transaction, once
 * per (order, kind), beside the WhatsApp message: same text, in the order's language. Only when push is configured
 * and the shopper has turned notifications on in some browser: that subscription is the consent, the phone's
 * WhatsApp consent does not matter here. True when a row was written.
 */
export async function queuePushMessage(
  trx: ShopDb,
  order: PushOrder,
  kind: MessageKind,
  body: string,
  /** Where a tap leads, when not the order's page (the rating request's form, issue 52). */
  path?: string,
): Promise<boolean> {
  if (!serverConfig().push || !PUSH_KINDS.includes(kind)) return false;
  if (!(await hasSubscription(trx, order.user_id))) return false;
  const title = interpolate(dictionary(order.locale).messaging.push.title, { order: `\u2068${formatOrderId(order.id)}\u2069` });
  const notification = { title, url: path ?? orderPageUrl(order.locale, order.id), locale: order.locale };
  const now = nowIso();
  const written = await trx
    .insertInto('order_messages')
    .values({
      order_id: order.id,
      kind,
      channel: 'push',
      phone: order.phone ?? '',
      locale: order.locale,
      body,
      template: null,
      params: JSON.stringify({ language: null, body: [], replies: [], notification }),
      status: 'queued',
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['order_id', 'kind', 'channel']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}
