import { isOrderStatus, operatorNextStatuses, type OrderStatus } from '#lib/orders/order-status.ts';
import { staffNamer } from '../../staff/server/staff-names.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { AuditRow } from '../../audit/server/audit-log.ts';
import type { TimelineEntry } from '../order-timeline.ts';
import { readDeskOrderRows, type DeskOrderRows } from './desk-order-queries.ts';
import { buildTimeline } from './order-timeline.ts';

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

/** The order page's shape from its rows and timeline (pure). */
export function toDeskOrder(rows: DeskOrderRows, timeline: TimelineEntry[]): DeskOrder {
  const { order, lines, payments, courier, audit, method, calls } = rows;
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

/**
 * Everything the order page shows, or null: its rows (desk-order-queries.ts), staff names for `staff:<id>` actors,
 * the timeline (order-timeline.ts, pure) and the page's shape (toDeskOrder).
 */
export async function readDeskOrder(db: ShopDb, orderId: number): Promise<DeskOrder | null> {
  const rows = await readDeskOrderRows(db, orderId);
  if (!rows) return null;
  const staffIds = [...rows.calls, ...rows.notes, ...rows.failures].flatMap((r) => (r.staff_id === null ? [] : [r.staff_id]));
  const { nameOf, actorName } = await staffNamer(
    db,
    rows.events.map((e) => e.actor),
    staffIds,
  );
  const names = { nameOf: (id: number | null) => (id === null ? 'terminal' : nameOf(id)), actorName };
  return toDeskOrder(rows, buildTimeline(rows, names));
}

/** Couriers staff may hand an order to. */
export async function activeCouriers(db: ShopDb): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('couriers').select(['id', 'name']).where('active', '=', 1).orderBy('name').execute();
}
