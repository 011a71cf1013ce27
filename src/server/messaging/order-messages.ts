import { formatDate, formatMoney, formatOrderId, formatProseDateTime } from '../../i18n/format.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { localeOr } from '../../i18n/locales.ts';
import { localized } from '../../i18n/localized.ts';
import { dictionary } from '../../i18n/t.ts';
import { QUICK_REPLIES, replyPayload, type MessageKind } from '../../lib/messaging/replies.ts';
import { serverConfig, type TemplateKind } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { nowIso } from '../db/values.ts';
import type { ChannelName, TemplateMessage } from './channel.ts';
import { confirmLinkUrl } from './confirm-token.ts';
import { hasConsent } from './consent.ts';

/** A filled value kept whole inside the other language's text (docs/glossary.md, "Isolate every filled value"). */
const isolate = (value: string): string => `\u2068${value}\u2069`;

/** The kinds the shop starts (consent needed); the others answer the shopper's own message. */
const ANSWERS: readonly MessageKind[] = ['moved_on', 'change_address'];

/** The WhatsApp template of a kind; the answers are free-form texts inside the 24-hour window the shopper opened. */
const TEMPLATE_OF: Partial<Record<MessageKind, TemplateKind>> = {
  confirm: 'confirm',
  with_courier: 'with_courier',
  delivered: 'delivered',
  failed_attempt: 'failed_attempt',
  payment_code: 'payment_code',
};

interface Composed {
  body: string;
  /** The template's body parameters, in its {{1}}, {{2}}… order. */
  params: string[];
  replies: { payload: string; title: string }[];
}

type OrderFacts = {
  id: number;
  locale: string;
  total: number;
  cash_to_collect: number;
  created_at: string;
  delivery_days: number;
  /** A kiosk or Fawry payment code waiting to be paid in cash (issue 39): what a `payment_code` message carries. */
  paymentCode?: PaymentCodeFacts;
};

type PaymentCodeFacts = { code: string; amount: number; expires_at: string };

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
        total: isolate(formatMoney(order.total, locale)),
        // Cash on delivery: the whole total is collected at the door.
        cash: isolate(formatMoney(order.total, locale)),
        date: isolate(formatDate(due, locale)),
      };
      return {
        ...fill(t.confirm.body, values),
        replies: QUICK_REPLIES.map((reply) => ({ payload: replyPayload(order.id, reply), title: t.confirm.replies[reply] })),
      };
    }
    case 'with_courier':
      return fill(t.withCourier, { order: orderNo, cash: isolate(formatMoney(order.cash_to_collect, locale)) });
    case 'delivered':
      return fill(t.delivered, { order: orderNo });
    case 'failed_attempt':
      return fill(t.failedAttempt, { order: orderNo });
    case 'payment_code': {
      if (!order.paymentCode) throw new Error(`order ${order.id} has no payment code to send`);
      // The code is paid within hours (KIOSK_PAYMENT_HOURS, Fawry's expiry): its deadline is a date and a time.
      return fill(t.paymentCode, {
        order: orderNo,
        code: isolate(order.paymentCode.code),
        amount: isolate(formatMoney(order.paymentCode.amount, locale)),
        date: isolate(formatProseDateTime(order.paymentCode.expires_at, locale)),
      });
    }
    case 'moved_on':
      return fill(t.movedOn, { order: orderNo });
    case 'change_address':
      return fill(t.changeAddress, { order: orderNo });
  }
}

/** The order's newest payment code still waiting to be paid in cash (payments.bill_reference, issue 39). */
async function unpaidPaymentCode(trx: ShopDb, orderId: number): Promise<PaymentCodeFacts | undefined> {
  const row = await trx
    .selectFrom('payments')
    .select(['bill_reference', 'amount', 'expires_at'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .where('bill_reference', 'is not', null)
    .where('expires_at', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.bill_reference && row.expires_at
    ? { code: row.bill_reference, amount: row.amount, expires_at: row.expires_at }
    : undefined;
}

/**
 * Writes a message about an order into the outbox, in the caller's transaction (the order change that causes it),
 * once per (order, kind, channel): a second call does nothing. Nothing when messages are off, or — for what the shop
 * starts — when the shopper's phone has no consent. True when a row was written.
 */
export async function queueOrderMessage(
  trx: ShopDb,
  orderId: number,
  kind: MessageKind,
  channel: ChannelName = 'whatsapp',
): Promise<boolean> {
  const config = serverConfig().messaging;
  if (config.mode === 'off') return false;
  const order = await trx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.locale',
      'orders.total',
      'orders.cash_to_collect',
      'orders.created_at',
      'orders.delivery_days',
      'users.phone',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order?.phone) return false;
  if (!ANSWERS.includes(kind) && !(await hasConsent(trx, order.phone))) return false;
  const paymentCode = kind === 'payment_code' ? await unpaidPaymentCode(trx, orderId) : undefined;
  // Paid or expired before its message was written (an SMS fallback comes late): nothing left to pay.
  if (kind === 'payment_code' && !paymentCode) return false;
  const composed = composeOrderMessage(kind, paymentCode ? { ...order, paymentCode } : order);
  const templateKind = TEMPLATE_OF[kind];
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
