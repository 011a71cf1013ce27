import type { Locale } from '#i18n/locales.ts';
import { isCancellable, isOrderStatus, type OrderStatus } from '#lib/orders/order-status.ts';
import type { OrderView, SummaryItem } from '#lib/orders/views.ts';
import type { ShopDb } from '../../db/index.ts';
import type { OrderLineRow, OrderRow, RefundRow } from '../../db/schema.ts';
import { Problem } from '../../problem.ts';
import type { LineColumns } from './pricing.ts';
import { localField } from '#i18n/localized.ts';
import { orderTracking } from '../../couriers/order-tracking.ts';

/** An order as the shopper sees it: the copy taken when it was placed, in the request's language. */
export function toOrderView(
  order: OrderRow,
  lines: OrderLineRow[],
  locale: Locale,
  refunds: readonly RefundRow[] = [],
  tracking: OrderView['tracking'] = null,
  paymentCode?: { code: string; expires_at: string },
): OrderView {
  const status: OrderStatus = isOrderStatus(order.status) ? order.status : 'PLACED';
  return {
    id: order.id,
    status,
    cancellable: isCancellable(status),
    payment_method: order.payment_method,
    /** none | awaiting | paid | failed | cancelled | refund_due | refunded (docs/payments.md). */
    payment_status: order.payment_status,
    refunds: refunds.map((r) => ({ amount: r.amount, destination: r.destination, status: r.status })),
    ...(paymentCode && status === 'PENDING' ? { payment_code: paymentCode } : {}),
    created_at: order.created_at,
    coupon_code: order.coupon_code,
    SubTotal: order.subtotal,
    saleDiscountAmount: order.sale_discount,
    DiscountAmount: order.coupon_discount,
    DiscountedSubtotal: order.subtotal - order.sale_discount - order.coupon_discount,
    Shipping_Fees: order.shipping_fee,
    walletAmount: order.wallet_amount,
    DiscountedTotal: order.total,
    delivery_days: order.delivery_days,
    address: {
      id: order.address_id,
      title: order.address_title,
      country: order.address_country,
      governorate_id: order.governorate_id,
      governorate: localField(locale, order, 'governorate'),
      city: order.address_city,
      area: order.address_area,
      street: order.address_street,
      details: order.address_details,
    },
    items: lines.map((l) => lineView(l, locale)),
    tracking,
  };
}

/** An order's line as the shopper sees it (placed, or priced by the summary), in the request's language. */
export function lineView(l: LineColumns, locale: Locale): SummaryItem {
  return {
    product_id: l.product_id,
    name: localField(locale, l, 'name'),
    image: l.image,
    price: l.unit_price,
    beforeDiscount: l.before_discount,
    quantity: l.quantity,
    total: l.line_total,
  };
}

export type { OrderView };

/** One of the shopper's own orders; another shopper's order is "not found" (no existence leak). */
export async function getOwnOrder(db: ShopDb, userId: number, orderId: number, locale: Locale): Promise<OrderView> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new Problem(404, 'orders.orderNotFound');
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const refunds = await db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const code = await db
    .selectFrom('payments')
    .select(['bill_reference', 'expires_at'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .where('bill_reference', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const paymentCode =
    code?.bill_reference && code.expires_at ? { code: code.bill_reference, expires_at: code.expires_at } : undefined;
  return toOrderView(
    order,
    lines,
    locale,
    refunds,
    (await orderTracking(db, [orderId], locale)).get(orderId) ?? null,
    paymentCode,
  );
}

/** The shopper's orders, newest first (at most 100 for now; paging when histories grow). */
export async function listOwnOrders(db: ShopDb, userId: number, locale: Locale): Promise<OrderView[]> {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).orderBy('id').execute();
  const refunds = await db.selectFrom('refunds').selectAll().where('order_id', 'in', ids).orderBy('id').execute();
  const tracking = await orderTracking(db, ids, locale);
  return orders.map((o) =>
    toOrderView(
      o,
      lines.filter((l) => l.order_id === o.id),
      locale,
      refunds.filter((r) => r.order_id === o.id),
      tracking.get(o.id) ?? null,
    ),
  );
}
