import { formatDate, formatNumber, formatOrderId, formatProseDate, formatProseDateTime } from '#i18n/format.ts';
import { interpolate } from '#i18n/interpolate.ts';
import { localeOr, type Locale } from '#i18n/locales.ts';
import { localized } from '#i18n/localized.ts';
import { dictionary } from '#i18n/t.ts';
import { DAY_CHOICES, QUICK_REPLIES, dayPayload, replyPayload, type MessageKind } from '#lib/messaging/replies.ts';
import { toPounds } from '#lib/money.ts';
import { serverConfig, type TemplateKind } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { nowIso } from '../db/values.ts';
import type { ChannelName, TemplateMessage } from './channel.ts';
import { confirmLinkUrl } from './confirm-token.ts';
import { hasConsent } from './consent.ts';
import { extraFacts, type ExtraFacts } from './order-message-facts.ts';
import { queuePushMessage } from './push-messages.ts';

/** A filled value kept whole inside the other language's text (docs/glossary.md, "Isolate every filled value"). */
const isolate = (value: string): string => `\u2068${value}\u2069`;

/** The kinds the shop starts (consent needed); the others answer the shopper's own message. */
export const ANSWERS: readonly MessageKind[] = ['moved_on', 'change_address', 'day_chosen'];

/**
 * An amount as a message writes it: «1,250 ج.م», "EGP 1,250" (messaging.money). Not formatMoney's «ج.م.»: its last
 * dot met the sentence's comma or full stop («ج.م.،», «ج.م..») on every shopper's phone (issue 51).
 */
export const messageMoney = (piastres: number, locale: Locale): string =>
  interpolate(dictionary(locale).messaging.money, {
    amount: formatNumber(toPounds(piastres), locale, {
      minimumFractionDigits: piastres % 100 === 0 ? 0 : 2,
      maximumFractionDigits: 2,
    }),
  });

/** The WhatsApp template of a kind; the answers are free-form texts inside the 24-hour window the shopper opened. */
const TEMPLATE_OF: Partial<Record<MessageKind, TemplateKind>> = {
  confirm: 'confirm',
  with_courier: 'with_courier',
  delivered: 'delivered',
  failed_attempt: 'failed_attempt',
  payment_code: 'payment_code',
  out_for_delivery: 'out_for_delivery',
  refund_paid: 'refund_paid',
  rate_request: 'rate_request',
};

interface Composed {
  body: string;
  /** The template's body parameters, in its {{1}}, {{2}}… order. */
  params: string[];
  replies: { payload: string; title: string }[];
}

type OrderFacts = ExtraFacts & {
  id: number;
  locale: string;
  total: number;
  cash_to_collect: number;
  created_at: string;
  delivery_days: number;
};

/**
 * The template a kind is sent with: the hand-over has its own when the company gave a tracking link, and the hand-over
 * and "out for delivery" their prepaid variants when there is no cash to collect (no cash parameter then).
 */
export function templateOf(
  kind: MessageKind,
  order: { cash_to_collect: number; trackingLink?: string },
): TemplateKind | undefined {
  const paid = order.cash_to_collect <= 0;
  if (kind === 'with_courier') {
    const tracked = !!order.trackingLink;
    if (paid) return tracked ? 'with_courier_tracking_paid' : 'with_courier_paid';
    return tracked ? 'with_courier_tracking' : 'with_courier';
  }
  if (kind === 'out_for_delivery' && paid) return 'out_for_delivery_paid';
  return TEMPLATE_OF[kind];
}

/** The text of a message in the order's language, and the template's parameters in their order. */
export function composeOrderMessage(kind: MessageKind, order: OrderFacts): Composed {
  const locale = localeOr(order.locale);
  const t = dictionary(locale).messaging;
  const orderNo = isolate(formatOrderId(order.id));
  const fill = (template: string, values: Record<string, string>): Composed => ({
    body: interpolate(template, values),
    params: Object.values(values),
    replies: [],
  });
  switch (kind) {
    case 'confirm': {
      const due = new Date(Date.parse(order.created_at) + order.delivery_days * 86_400_000);
      const values = {
        order: orderNo,
        total: isolate(messageMoney(order.total, locale)),
        // Cash on delivery: the whole total is collected at the door.
        cash: isolate(messageMoney(order.total, locale)),
        // In words («3 ديسمبر 2026»), never «03/12/2026»: a phone's reader cannot tell the day from the month.
        date: isolate(formatProseDate(due, locale)),
      };
      return {
        ...fill(t.confirm.body, values),
        replies: QUICK_REPLIES.map((reply) => ({ payload: replyPayload(order.id, reply), title: t.confirm.replies[reply] })),
      };
    }
    case 'with_courier': {
      // A prepaid order (nothing to collect) is told so, never asked to have 0 in cash ready (issue 51).
      const texts = order.cash_to_collect > 0 ? t : t.paid;
      const cash = order.cash_to_collect > 0 ? { cash: isolate(messageMoney(order.cash_to_collect, locale)) } : {};
      // A link is never isolated: the shopper's phone must see it whole to make it tappable.
      return order.trackingLink
        ? fill(texts.withCourierTracking, { order: orderNo, ...cash, link: order.trackingLink })
        : fill(texts.withCourier, { order: orderNo, ...cash });
    }
    case 'out_for_delivery':
      // The exact cash the courier collects (cash_to_collect, set at the hand-over); a prepaid order's own text.
      return order.cash_to_collect > 0
        ? fill(t.outForDelivery, { order: orderNo, cash: isolate(messageMoney(order.cash_to_collect, locale)) })
        : fill(t.paid.outForDelivery, { order: orderNo });
    case 'refund_paid': {
      if (!order.refund) throw new Error(`order ${order.id} has no paid refund to tell about`);
      return fill(t.refundPaid, {
        order: orderNo,
        amount: isolate(messageMoney(order.refund.amount, locale)),
        destination: t.refundDestinations[order.refund.destination as 'card' | 'wallet'] ?? order.refund.destination,
      });
    }
    case 'delivered':
      return fill(t.delivered, { order: orderNo });
    case 'rate_request': {
      if (!order.ratePath) throw new Error(`order ${order.id} has nothing to rate`);
      // A link is never isolated (the phone must see it whole to make it tappable), and absolute.
      return fill(t.rateRequest, { order: orderNo, link: new URL(order.ratePath, serverConfig().publicOrigin).toString() });
    }
    case 'failed_attempt':
      return {
        ...fill(t.failedAttempt, { order: orderNo }),
        replies: DAY_CHOICES.map((choice) => ({ payload: dayPayload(order.id, choice), title: t.dayChoices[choice] })),
      };
    case 'payment_code': {
      if (!order.paymentCode) throw new Error(`order ${order.id} has no payment code to send`);
      // The code is paid within hours (KIOSK_PAYMENT_HOURS, Fawry's expiry): its deadline is a date and a time.
      return fill(t.paymentCode, {
        order: orderNo,
        code: isolate(order.paymentCode.code),
        amount: isolate(messageMoney(order.paymentCode.amount, locale)),
        date: isolate(formatProseDateTime(order.paymentCode.expires_at, locale)),
      });
    }
    case 'moved_on':
      return fill(t.movedOn, { order: orderNo });
    case 'change_address':
      return fill(t.changeAddress, { order: orderNo });
    case 'day_chosen': {
      const choice = order.dayChoice;
      if (!choice) throw new Error(`order ${order.id} has no delivery day chosen`);
      const title = t.dayChoices[choice.choice];
      return fill(t.dayChosen, {
        order: orderNo,
        // The day in words with its weekday («الخميس، 3 ديسمبر»), not «03/12/2026».
        choice: choice.day
          ? `${title} (${isolate(formatDate(new Date(`${choice.day}T12:00:00Z`), locale, { weekday: 'long', day: 'numeric', month: 'long' }))})`
          : title,
      });
    }
  }
}

/**
 * Writes a message about an order into the outbox, in the caller's transaction (the order change that causes it),
 * once per (order, kind, channel): a second call does nothing. Nothing when messages are off, or — for what the shop
 * starts — when the shopper's phone has no consent. An order update also writes its notification to the shopper's
 * browsers (channel `push`, push-messages.ts), whatever the WhatsApp side does. True when a row was written.
 */
export async function queueOrderMessage(
  trx: ShopDb,
  orderId: number,
  kind: MessageKind,
  channel: ChannelName = 'whatsapp',
): Promise<boolean> {
  const config = serverConfig().messaging;
  const order = await trx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.user_id',
      'orders.locale',
      'orders.total',
      'orders.cash_to_collect',
      'orders.created_at',
      'orders.delivery_days',
      'users.phone',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return false;
  const extra = await extraFacts(trx, orderId, kind);
  // A code paid or expired before its message was written (an SMS fallback comes late): nothing left to say.
  if (!extra) return false;
  const composed = composeOrderMessage(kind, { ...order, ...extra });
  // The order change's own call (WhatsApp, the default) also writes its notification (decision 029); the fallbacks do not.
  if (channel === 'whatsapp')
    await queuePushMessage(trx, { ...order, locale: localeOr(order.locale) }, kind, composed.body, extra.ratePath);
  if (config.mode === 'off' || !order.phone) return false;
  if (!ANSWERS.includes(kind) && !(await hasConsent(trx, order.phone))) return false;
  const templateKind = templateOf(kind, { ...order, ...extra });
  const locale = localeOr(order.locale);
  const template: TemplateMessage | null =
    channel === 'whatsapp' && templateKind
      ? {
          name: config.whatsapp.templates[templateKind],
          language: localized(locale, config.whatsapp.languages),
          body: composed.params,
          replies: composed.replies,
        }
      : null;
  // By SMS there are no buttons: the confirmation carries a link to a page with the same three answers.
  const body =
    channel === 'sms' && kind === 'confirm'
      ? `${composed.body}\n${interpolate(dictionary(locale).messaging.smsLink, { link: confirmLinkUrl(orderId, locale) })}`
      : composed.body;
  const now = nowIso();
  const written = await trx
    .insertInto('order_messages')
    .values({
      order_id: orderId,
      kind,
      channel,
      phone: order.phone,
      locale,
      body,
      template: template?.name ?? null,
      params: JSON.stringify({ language: template?.language ?? null, body: composed.params, replies: composed.replies }),
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
