import * as z from 'zod/mini';
import {
  bilingual,
  count,
  fields,
  flag,
  id,
  listOf,
  named,
  nullable,
  nullableText,
  optional,
  piastres,
  text,
  when,
} from '#server/api/openapi/answer-fields.ts';

/** The couriers desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
const CourierCash = fields({ owed: piastres, shortfall: piastres, carrying: piastres });

export const Courier = named('DeskCourier', fields({ id, name: text, phone: text, active: flag }));

export const Couriers = listOf(fields({ id, name: text, phone: text, active: flag, cash: CourierCash }));

export const CourierStatement = fields({
  courier: Courier,
  cash: CourierCash,
  orders: listOf(fields({ id, deliveredAt: when, amount: piastres, overdue: flag })),
});

export const Remittance = named(
  'DeskRemittance',
  fields({
    id,
    courierId: id,
    courierName: text,
    amount: piastres,
    ordersTotal: piastres,
    writtenOff: piastres,
    writeOffReason: nullableText,
    shortfall: piastres,
    note: nullableText,
    createdAt: when,
    orders: listOf(fields({ id, amount: piastres })),
  }),
);

export const Remittances = listOf(Remittance);

export const Dashboard = named(
  'DeskDashboard',
  fields({
    day: text,
    today: fields({ orders: count, revenue: piastres }),
    awaitingConfirmation: count,
    awaitingShipment: count,
    confirmation: fields({ part: count, whole: count, rate: nullable(z.number()) }),
    failedDelivery: fields({ part: count, whole: count, rate: nullable(z.number()) }),
    couriers: listOf(fields({ id, name: text, owed: piastres, carrying: piastres, overdueOrders: count })),
    cashOutstanding: piastres,
    refundsOwed: fields({ count, amount: piastres }),
  }),
);

export const Handover = fields({
  companies: listOf(text),
  orders: listOf(
    fields({
      orderId: id,
      status: text,
      receiver: text,
      phone: text,
      governorate: bilingual,
      cashToCollect: piastres,
      missing: listOf(text),
      delivery: nullable(fields({})),
    }),
  ),
});

export const Bookings = listOf(
  fields({
    orderId: id,
    outcome: text,
    trackingNumber: optional(text),
    trackingLink: optional(text),
    missing: optional(listOf(text)),
  }),
);

export const CancelledBooking = fields({ orderId: id, cancelled: flag });

/** Tracking is null for the request that found another one still asking the company (a double click). */
export const ReturnPickup = fields({ orderId: id, company: text, trackingNumber: nullableText, trackingLink: nullableText });

export const SettlementReport = fields({
  lines: listOf(fields({ line: count, trackingNumber: text, result: text })),
  refused: count,
  differences: count,
  applied: flag,
});

export const CompanyReconciliation = listOf(
  fields({
    orderId: id,
    trackingNumber: text,
    expected: piastres,
    collected: nullable(piastres),
    fee: nullable(piastres),
    net: nullable(piastres),
    remitted: flag,
    flag: text,
  }),
);
