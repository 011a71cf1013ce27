import { isOrderStatus, operatorNextStatuses, type OrderStatus } from '../../../lib/orders/order-status.ts';
import { staffNamer } from '../staff-names.ts';
import type { ShopDb } from '../../db/index.ts';
import { readAuditLog, type AuditRow } from '../audit-log.ts';
import type { TimelineEntry } from '../../../lib/admin/order-timeline.ts';

export interface DeskOrder {
  id: number;
  status: OrderStatus;
  createdAt: string;
  locale: string;
  paymentMethod: string;
  paymentMethodName: { en: string; ar: string } | null;
  paymentStatus: string;
  money: {
    subtotal: number;
    saleDiscount: number;
    couponDiscount: number;
    couponCode: string | null;
    shipping: number;
    wallet: number;
    total: number;
    cashToCollect: number;
  };
  lines: { productId: number; nameEn: string; nameAr: string; unitPrice: number; quantity: number }[];
  shopper: { id: number; name: string; phone: string; email: string; codBlocked: boolean };
  address: {
    title: string;
    governorateEn: string;
    governorateAr: string;
    city: string;
    area: string;
    street: string;
    details: string;
  };
  courier: { id: number; name: string; phone: string } | null;
  trackingNumber: string | null;
  deliveredAt: string | null;
  payments: { provider: string; tranRef: string; amount: number; status: string; createdAt: string }[];
  timeline: TimelineEntry[];
  audit: AuditRow[];
  nextStatuses: readonly OrderStatus[];
  failedCalls: number;
}

/**
 * Within one millisecond, what caused a move comes before it: the call that confirmed the order, the failed delivery
 * that sent it back (they are written in the same transaction).
 */
const causeFirst: Record<TimelineEntry['kind'], number> = {
  call: 0,
  failed_delivery: 0,
  note: 1,
  status: 2,
  refund: 3,
  callback: 3,
};

/** Everything the order page shows, or null. Staff names replace `staff:<id>` actors. */
export async function readDeskOrder(db: ShopDb, orderId: number): Promise<DeskOrder | null> {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.first_name', 'users.last_name', 'users.phone', 'users.email', 'users.cod_blocked_at'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const [lines, events, calls, notes, failures, refunds, payments, courier, audit, method] = await Promise.all([
    db
      .selectFrom('order_lines')
      .select(['product_id', 'name_en', 'name_ar', 'unit_price', 'quantity'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_events')
      .select(['status', 'actor', 'note', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_calls')
      .select(['outcome', 'staff_id', 'note', 'call_back_at', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_notes')
      .select(['body', 'staff_id', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('delivery_failures')
      .select(['reason', 'outcome', 'staff_id', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refunds')
      .select(['amount', 'destination', 'status', 'reason', 'created_at', 'paid_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payments')
      .select(['provider', 'tran_ref', 'amount', 'status', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    order.courier_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('couriers').select(['id', 'name', 'phone']).where('id', '=', order.courier_id).executeTakeFirst(),
    readAuditLog(db, { subjectType: 'order', subjectId: String(orderId) }),
    db.selectFrom('payment_methods').select(['name_en', 'name_ar']).where('code', '=', order.payment_method).executeTakeFirst(),
  ]);
  const tranRefs = payments.map((p) => p.tran_ref).filter(Boolean);
  const callbacks = tranRefs.length
    ? await db
        .selectFrom('payment_callbacks')
        .select(['provider', 'outcome', 'reason', 'received_at'])
        .where('tran_ref', 'in', tranRefs)
        .orderBy('id')
        .execute()
    : [];
  const { nameOf, actorName } = await staffNamer(
    db,
    events.map((e) => e.actor),
    [...calls, ...notes, ...failures].map((r) => r.staff_id),
  );
  const timeline: TimelineEntry[] = [
    ...events.map((e): TimelineEntry => ({
      kind: 'status',
      at: e.created_at,
      status: e.status,
      by: actorName(e.actor),
      note: e.note,
    })),
    ...calls.map((c): TimelineEntry => ({
      kind: 'call',
      at: c.created_at,
      outcome: c.outcome,
      by: nameOf(c.staff_id),
      note: c.note,
      callBackAt: c.call_back_at,
    })),
    ...notes.map((n): TimelineEntry => ({ kind: 'note', at: n.created_at, by: nameOf(n.staff_id), body: n.body })),
    ...failures.map((f): TimelineEntry => ({
      kind: 'failed_delivery',
      at: f.created_at,
      by: nameOf(f.staff_id),
      reason: f.reason,
      outcome: f.outcome,
    })),
    ...refunds.map((r): TimelineEntry => ({
      kind: 'refund',
      at: r.paid_at ?? r.created_at,
      amount: r.amount,
      destination: r.destination,
      status: r.status,
      reason: r.reason,
    })),
    ...callbacks.map((c): TimelineEntry => ({
      kind: 'callback',
      at: c.received_at,
      provider: c.provider,
      outcome: c.outcome,
      reason: c.reason,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at) || causeFirst[a.kind] - causeFirst[b.kind]);
  const status = isOrderStatus(order.status) ? order.status : 'PLACED';
  return {
    id: order.id,
    status,
    createdAt: order.created_at,
    locale: order.locale,
    paymentMethod: order.payment_method,
    paymentMethodName: method ? { en: method.name_en, ar: method.name_ar } : null,
    paymentStatus: order.payment_status,
    money: {
      subtotal: order.subtotal,
      saleDiscount: order.sale_discount,
      couponDiscount: order.coupon_discount,
      couponCode: order.coupon_code,
      shipping: order.shipping_fee,
      wallet: order.wallet_amount,
      total: order.total,
      cashToCollect: order.cash_to_collect,
    },
    lines: lines.map((l) => ({
      productId: l.product_id,
      nameEn: l.name_en,
      nameAr: l.name_ar,
      unitPrice: l.unit_price,
      quantity: l.quantity,
    })),
    shopper: {
      id: order.user_id,
      name: `${order.first_name} ${order.last_name}`.trim(),
      phone: order.phone,
      email: order.email,
      codBlocked: order.cod_blocked_at !== null,
    },
    address: {
      title: order.address_title,
      governorateEn: order.governorate_en,
      governorateAr: order.governorate_ar,
      city: order.address_city,
      area: order.address_area,
      street: order.address_street,
      details: order.address_details,
    },
    courier: courier ?? null,
    trackingNumber: order.tracking_number,
    deliveredAt: order.delivered_at,
    payments: payments.map((p) => ({
      provider: p.provider,
      tranRef: p.tran_ref,
      amount: p.amount,
      status: p.status,
      createdAt: p.created_at,
    })),
    timeline,
    audit: audit.rows,
    nextStatuses: operatorNextStatuses(status),
    failedCalls: calls.filter((c) => ['no_answer', 'wrong_number', 'refused'].includes(c.outcome)).length,
  };
}

/** Couriers staff may hand an order to. */
export async function activeCouriers(db: ShopDb): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('couriers').select(['id', 'name']).where('active', '=', 1).orderBy('name').execute();
}
