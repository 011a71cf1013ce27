import { localeOr } from '#i18n/locales.ts';
import type { DayChoice, MessageKind } from '#lib/messaging/replies.ts';
import { serverConfig } from '../config.ts';
import { orderTracking } from '../couriers/order-tracking.ts';
import type { ShopDb } from '../db/index.ts';
import { productsToRate, ratingPath } from '../services/reviews/rate-targets.ts';

/**
 * What some messages carry beyond the order itself, read in the transaction that writes them: a payment code still
 * to pay (issue 39), the courier company's tracking link (issue 38), the refund just paid.
 */
export type PaymentCodeFacts = { code: string; amount: number; expires_at: string };
export type RefundFacts = { amount: number; destination: string };
export interface ExtraFacts {
  paymentCode?: PaymentCodeFacts;
  /** An absolute link the shopper can open (a company's own page, or the sandbox's on our origin). */
  trackingLink?: string;
  refund?: RefundFacts;
  /** The shopper's answer to a failed attempt, and the Cairo day it names (YYYY-MM-DD; none for a call). */
  dayChoice?: { choice: DayChoice; day: string | null };
  /** The rating form of what the shopper may still rate (issue 52): the path on our origin, in the order's language. */
  ratePath?: string;
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

/** The tracking link of the order's open delivery at a courier company, when it has a tracking number. */
async function trackingLink(trx: ShopDb, orderId: number): Promise<string | undefined> {
  // Only the link is read: the company's name in any language would do.
  const tracking = (await orderTracking(trx, [orderId], 'en')).get(orderId);
  return tracking ? new URL(tracking.link, serverConfig().publicOrigin).toString() : undefined;
}

/** The refund of the order paid last (the one whose payment writes the message). */
async function paidRefund(trx: ShopDb, orderId: number): Promise<RefundFacts | undefined> {
  const row = await trx
    .selectFrom('refunds')
    .select(['amount', 'destination'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { amount: row.amount, destination: row.destination } : undefined;
}

/** The extra facts a kind needs; null when the message has nothing left to say (a code paid or expired already). */
export async function extraFacts(trx: ShopDb, orderId: number, kind: MessageKind): Promise<ExtraFacts | null> {
  switch (kind) {
    case 'payment_code': {
      const paymentCode = await unpaidPaymentCode(trx, orderId);
      return paymentCode ? { paymentCode } : null;
    }
    case 'with_courier': {
      const link = await trackingLink(trx, orderId);
      return link ? { trackingLink: link } : {};
    }
    case 'refund_paid': {
      const refund = await paidRefund(trx, orderId);
      return refund ? { refund } : null;
    }
    case 'day_chosen': {
      const row = await trx
        .selectFrom('order_messages')
        .select(['reply', 'reply_text'])
        .where('order_id', '=', orderId)
        .where('kind', '=', 'failed_attempt')
        .where('reply', 'is not', null)
        .executeTakeFirst();
      return row?.reply ? { dayChoice: { choice: row.reply as DayChoice, day: row.reply_text } } : null;
    }
    case 'rate_request': {
      // Nothing left to rate (every line returned, or rated since): nothing to ask.
      const products = await productsToRate(trx, orderId);
      if (!products.length) return null;
      const order = await trx.selectFrom('orders').select('locale').where('id', '=', orderId).executeTakeFirstOrThrow();
      return { ratePath: ratingPath(localeOr(order.locale), orderId, products) };
    }
    default:
      return {};
  }
}
