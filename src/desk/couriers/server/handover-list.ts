import type { HandoverRow } from '../courier-delivery-views.ts';
import type { CourierStep } from '#lib/couriers/courier-steps.ts';
import { handoverAddress } from '#lib/couriers/handover-address.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { CourierCompany, CourierCompanyName } from '#server/couriers/courier-company.ts';
import { CITIES_OF, readHandoverOrders } from './order-handover-data.ts';

/**
 * The hand-over desk's orders (issue 38): every order ready to ship, and those with the courier through a company's
 * delivery, oldest first, each with what stops its hand-over (the fields the company needs and the order lacks) and
 * its delivery's tracking.
 */
export async function listHandoverRows(
  db: ShopDb,
  companies: ReadonlyMap<CourierCompanyName, CourierCompany>,
  limit = 200,
): Promise<HandoverRow[]> {
  const ids = await db
    .selectFrom('orders')
    .leftJoin('courier_deliveries', (join) =>
      join.onRef('courier_deliveries.order_id', '=', 'orders.id').on('courier_deliveries.open', '=', 1),
    )
    .select('orders.id')
    .where((eb) =>
      eb.or([
        eb('orders.status', '=', 'READY_TO_SHIP'),
        eb.and([eb('orders.status', '=', 'WITH_COURIER'), eb('courier_deliveries.id', 'is not', null)]),
      ]),
    )
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  const orderIds = ids.map((r) => r.id);
  const [orders, deliveries] = await Promise.all([
    readHandoverOrders(db, orderIds),
    orderIds.length
      ? db
          .selectFrom('courier_deliveries')
          .select(['order_id', 'company', 'tracking_number', 'step', 'attempts'])
          .where('order_id', 'in', orderIds)
          .where('open', '=', 1)
          .execute()
      : [],
  ]);
  const deliveryOf = new Map(deliveries.map((d) => [d.order_id, d]));
  return orders
    .sort((a, b) => a.id - b.id)
    .map((order) => {
      const delivery = deliveryOf.get(order.id);
      const address = handoverAddress(order.address, CITIES_OF.bosta);
      const company = delivery ? companies.get(delivery.company as CourierCompanyName) : undefined;
      return {
        orderId: order.id,
        status: order.status,
        receiver: `${order.first_name} ${order.last_name}`.trim(),
        phone: order.phone,
        governorate: { en: order.governorate_en, ar: order.governorate_ar },
        area: order.address_area || order.address_city,
        cashToCollect: order.cashToCollect,
        missing: address.ok ? [] : address.missing,
        delivery: delivery
          ? {
              company: delivery.company,
              trackingNumber: delivery.tracking_number,
              trackingLink: delivery.tracking_number && company ? company.trackingLink(delivery.tracking_number) : null,
              step: delivery.step as CourierStep,
              attempts: delivery.attempts,
            }
          : null,
      };
    });
}

/** The tracking numbers of these orders' open deliveries at one company, in the order given; null if one has none. */
export async function trackingNumbersOf(db: ShopDb, company: CourierCompanyName, orderIds: readonly number[]) {
  if (!orderIds.length) return null;
  const rows = await db
    .selectFrom('courier_deliveries')
    .select(['order_id', 'tracking_number'])
    .where('company', '=', company)
    .where('open', '=', 1)
    .where('order_id', 'in', orderIds)
    .execute();
  const byOrder = new Map(rows.map((r) => [r.order_id, r.tracking_number]));
  const numbers = orderIds.map((id) => byOrder.get(id));
  return numbers.every((n): n is string => Boolean(n)) ? numbers : null;
}
