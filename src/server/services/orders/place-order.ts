import { createHash } from 'node:crypto';
import type { Locale } from '#i18n/locales.ts';
import type { ShopDb } from '../../db/index.ts';
import { announceCatalogChange } from '../catalog/catalog-changes.ts';
import { recordRedemption, redeemCoupon } from './coupons.ts';
import { allowsTotal, codBlocked, isCashOnDelivery, isOnline, usableMethod, withWalletRule } from './payment-methods.ts';
import { priceOrder, type OrderChoice } from './pricing.ts';
import { isUniqueViolation, nowIso } from '../../db/values.ts';
import { Problem } from '../../problem.ts';
import { saveInlineAddress } from './save-address.ts';
import { decrementStock } from './stock.ts';
import { recordStockMovements } from '../catalog/stock-movements.ts';
import { removeFromServerCart } from '../cart/shopper-cart.ts';
import { openOrder, openOrderParts } from '#core/orders/server/lifecycle.ts';
import { lockShopper } from '../shopper-lock.ts';
import { recordWalletEntry } from './wallet.ts';
import { grantConsent } from '../../messaging/consent.ts';
import { metrics } from '../../observability/metrics.ts';
import { queueOrderMessage } from '../../messaging/order-messages.ts';

const shopperPhone = async (trx: ShopDb, userId: number): Promise<string> =>
  (await trx.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirstOrThrow()).phone;

export interface PlaceOrderInput {
  userId: number;
  locale: Locale;
  choice: OrderChoice;
  /** The Idempotency-Key header: the same key from the same shopper always answers with the same order. */
  idempotencyKey?: string | undefined;
}

export interface Placed {
  orderId: number;
  /** True when an earlier request with the same key had already placed it. */
  replayed: boolean;
}

const fingerprint = (choice: OrderChoice) => createHash('sha256').update(JSON.stringify(choice)).digest('hex');

/** The request's own checks; answers whether the chosen method is paid online (the order then waits, PENDING). */
async function checkChoice(db: ShopDb, choice: OrderChoice) {
  if (choice.products.length === 0) throw new Problem(422, 'orders.emptyOrder');
  if (choice.address_id === undefined && !choice.address) throw new Problem(422, 'orders.selectAddress');
  if (!choice.payment_method) throw new Problem(422, 'orders.selectPayment');
  const method = await usableMethod(db, choice.payment_method);
  if (!method) throw new Problem(422, 'orders.paymentUnavailable');
  return method;
}

/** Looks the key up; a different body under the same key is refused rather than silently answered. */
async function replay(db: ShopDb, userId: number, key: string, print: string): Promise<Placed | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'order_id'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== print) throw new Problem(422, 'orders.keyReused');
  return row.order_id === null ? null : { orderId: row.order_id, replayed: true };
}

/**
 * Places an order in ONE transaction: key, shopper lock, pricing from the database, coupon use, conditional stock
 * decrements, order + lines + address copy, wallet debit. Any refusal rolls all of it back. Announces the stock
 * change only after the commit.
 */
export async function placeOrder(db: ShopDb, input: PlaceOrderInput): Promise<Placed> {
  const { userId, idempotencyKey: key } = input;
  const method = await checkChoice(db, input.choice);
  if (isCashOnDelivery(method) && (await codBlocked(db, userId))) throw new Problem(422, 'orders.codBlocked');
  const online = isOnline(method);
  const choice = withWalletRule(input.choice, method);
  const print = fingerprint(choice);
  let productIds: number[] = [];
  try {
    const placed = await db.transaction().execute(async (trx) => {
      if (key) {
        const earlier = await replay(trx, userId, key, print);
        if (earlier) return earlier;
        // On PostgreSQL a concurrent twin blocks here until this transaction ends, then hits the unique key.
        await trx
          .insertInto('idempotency_keys')
          .values({ user_id: userId, key, fingerprint: print, order_id: null, created_at: nowIso() })
          .execute();
      }
      await lockShopper(trx, userId);
      const priced = await priceOrder(trx, userId, choice);
      if (priced.unknownIds.length)
        throw new Problem(409, 'orders.productUnavailable', { detail: { products: priced.unknownIds } });
      if (!priced.address || !priced.governorate) throw new Problem(422, 'orders.selectAddress');
      if (choice.payment_method === 'wallet' && priced.totals.DiscountedTotal > 0)
        throw new Problem(422, 'orders.walletInsufficient');
      if (online && !allowsTotal(method, priced.totals.DiscountedTotal))
        throw new Problem(422, 'orders.paymentNotForTotal', {
          detail: { min_total: method.min_total, max_total: method.max_total },
        });
      if (priced.coupon) await redeemCoupon(trx, priced.coupon, userId);
      const taken = await decrementStock(trx, priced.lines);
      const address = priced.address.address_id === null ? await saveInlineAddress(trx, userId, choice) : priced.address;
      const now = nowIso();
      const t = priced.totals;
      const orderId = await openOrder(
        trx,
        {
          user_id: userId,
          // An online order waits for its verified payment with its stock reserved (docs/payments.md).
          status: online ? 'PENDING' : 'PLACED',
          payment_method: choice.payment_method!,
          locale: input.locale,
          subtotal: t.SubTotal,
          sale_discount: t.saleDiscountAmount,
          coupon_discount: t.DiscountAmount,
          coupon_id: priced.coupon?.id ?? null,
          coupon_code: priced.coupon?.code ?? null,
          shipping_fee: t.Shipping_Fees,
          wallet_amount: t.walletAmount,
          total: t.DiscountedTotal,
          address_id: address.address_id,
          address_title: address.title,
          address_country: address.country,
          governorate_id: priced.governorate.id,
          governorate_en: priced.governorate.name_en,
          governorate_ar: priced.governorate.name_ar,
          address_city: address.city,
          address_area: address.area,
          address_street: address.street,
          address_details: address.details,
          delivery_days: priced.governorate.delivery_days,
          created_at: now,
          updated_at: now,
        },
        'shopper',
      );
      const order = { id: orderId };
      await recordStockMovements(trx, taken, { reason: 'order', actor: 'shopper', orderId });
      await trx
        .insertInto('order_lines')
        .values(priced.lines.map(({ stock: _stock, ...line }) => ({ ...line, order_id: order.id })))
        .execute();
      if (priced.coupon) await recordRedemption(trx, priced.coupon.id, userId, order.id);
      if (choice.message_consent) await grantConsent(trx, { userId, phone: await shopperPhone(trx, userId) });
      // The confirmation goes out with the order or not at all: its outbox row commits with it (issue 37).
      if (isCashOnDelivery(method)) await queueOrderMessage(trx, orderId, 'confirm');
      await recordWalletEntry(trx, { userId, amount: -t.walletAmount, reason: 'order_payment', orderId: order.id });
      if (key)
        await trx
          .updateTable('idempotency_keys')
          .set({ order_id: order.id })
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .execute();
      productIds = priced.lines.map((l) => l.product_id);
      // Ordered lines leave the shopper's server cart in the same transaction, whatever the browser manages to send
      // before it navigates to the success page (otherwise the cart sync would bring them back there). An online
      // order keeps them until its payment is verified: a declined card must not cost the shopper their cart.
      if (!online) await removeFromServerCart(trx, userId, productIds);
      // The sellers' parts and the reports' summaries last: the summaries' rows are shared by every checkout of the
      // day, and their locks (PostgreSQL) last from this write to the commit (docs/benchmarks.md, the checkout's cost).
      await openOrderParts(trx, order.id);
      return { orderId: order.id, replayed: false };
    });
    if (!placed.replayed) {
      // Counted once committed (issue 50): orders_placed_total by payment method and locale.
      metrics().ordersPlaced.inc({ payment_method: choice.payment_method ?? 'unknown', locale: input.locale });
      await announceCatalogChange(db, { productIds });
    }
    return placed;
  } catch (error) {
    // The twin that lost the race on the key: answer with the winner's order.
    if (key && isUniqueViolation(error)) {
      const earlier = await replay(db, userId, key, print);
      if (earlier) return earlier;
    }
    throw error;
  }
}
