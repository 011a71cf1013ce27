import fc from 'fast-check';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { cairoToday } from '../../src/lib/cairo-day.ts';
import { addDays, cairoDayOfHour } from '../../src/lib/reports/report-period.ts';
import { STAFF_ROLES, can } from '../../src/core/permissions/permissions.ts';
import { makeCourier } from '../support/cash.ts';
import { readConfirmationFigures } from '../../src/desk/orders/server/confirmation-figures.ts';
import { backdateOrder, failDelivery, moveOrderTo, payOrder, trustingGateway } from '../support/order-states.ts';
import { openPayment } from '../../src/core/orders/server/lifecycle.ts';
import { releaseUnpaidOrder, settleCallback } from '../../src/server/payments/settle.ts';
import { channelOfActor } from '../../src/desk/dashboard/confirmation-figures.ts';
import { makeAddress, makeCoupon } from '../support/orders.ts';
import { financeActor, mixedOrder, sellersWithProducts } from '../support/seller-ledger.ts';
import { makeSellerMember } from '../support/seller.ts';
import { returnDeliveredLines } from '../../src/core/seller-ledger/server/index.ts';
import { rebuildOrderSummaries } from '../../src/core/reports/server/order-summaries.ts';
import { confirmBucket } from '../../src/core/reports/order-contribution.ts';
import { readySummaries } from '../../src/core/reports/server/summary-catch-up.ts';
import { summarySnapshot } from '../support/report-summaries.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Issue 53: the desk's reports over random orders placed through the shop's own services and moved along their
 * lifecycle (confirmed, shipped, delivered, cancelled, returned at the door, card payments paid or declined), on a
 * database of their own. Every total equals a recomputation from the rows; net = gross − discounts − refunds; the
 * funnel's outcomes add up to placed; the previous period sits beside the chosen one.
 */
const { api, db, close } = await testApi();
afterAll(close);
vi.spyOn(console, 'error').mockImplementation(() => undefined);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

const owner = await makeStaff(db, api, 'owner');
const courierId = await makeCourier(db, 'Reports courier');
const sellers = await sellersWithProducts(db, 2, 20_000, 100_000);
const coupon = await makeCoupon(db, { kind: 'percent', value: 10 });
// Three shoppers: the customers report tells a shopper's first order from the next ones.
const shoppers: { id: number; address: number }[] = [];
for (let i = 0; i < 3; i++) {
  const row = await makeShopper(db);
  shoppers.push({ id: row.id, address: (await makeAddress(db, row.id)).id });
}
const shopper = shoppers[0]!;
// A sale price on the first product: its sale discount shows.
await db.updateTable('products').set({ before_discount: 25_000 }).where('id', '=', sellers[0]!.productId).execute();

const today = cairoToday();
const period = { from: addDays(today, -13), to: today };
const ask = (path: string, cookie = owner.cookie, lang = 'en') =>
  api.request(path, { headers: { cookie, 'accept-language': lang } });
const get = async (path: string) => {
  const res = await ask(path);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: any }).data;
};

const FATES = [
  'placed',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
  'unpaid',
  'declined',
  'lineCancelled',
  'givenBack',
  'codePaid',
  'codeExpired',
] as const;
type Fate = (typeof FATES)[number];
const sellerOwner = await makeSellerMember(db, sellers[0]!.sellerId, 'owner');
const finance = await financeActor(db);

/** The first seller cancels its line of the order (as out of stock): the order shrinks, or is cancelled if it was all. */
async function cancelFirstSellersLine(orderId: number) {
  const line = await db
    .selectFrom('order_lines as l')
    .innerJoin('order_parts as p', (j) => j.onRef('p.order_id', '=', 'l.order_id').on('p.seller_id', '=', sellers[0]!.sellerId))
    .select(['l.id', 'p.id as part'])
    .where('l.order_id', '=', orderId)
    .where('l.product_id', '=', sellers[0]!.productId)
    .executeTakeFirst();
  if (!line) return;
  const res = await api.request(`/api/seller/parts/${line.part}/lines/${line.id}/cancel`, {
    method: 'POST',
    headers: sellerOwner.headers,
  });
  expect(res.status).toBe(200);
}

/** A kiosk payment code issued for the order (as Fawry's: known at once), then paid, or expired with the order released. */
async function payByCode(orderId: number, paid: boolean) {
  const order = await db.selectFrom('orders').select('total').where('id', '=', orderId).executeTakeFirstOrThrow();
  const tranRef = `KSK${orderId}`;
  const reference = `BB-K-${orderId}`;
  const now = new Date().toISOString();
  await db.transaction().execute((trx) =>
    openPayment(trx, {
      order_id: orderId,
      provider: 'paytabs',
      tran_ref: tranRef,
      reference,
      amount: order.total,
      currency: 'EGP',
      created_at: now,
      updated_at: now,
      bill_reference: `77${orderId}`,
      expires_at: now,
    }),
  );
  if (paid)
    await settleCallback(
      db,
      trustingGateway,
      new Headers(),
      JSON.stringify({ tranRef, reference, amount: order.total, currency: 'EGP', outcome: 'paid' }),
    );
  else expect(await releaseUnpaidOrder(db, orderId, 'system')).toBe(true);
}

async function orderWith(
  fate: Fate,
  lines: { productId: number; quantity: number }[],
  withCoupon: boolean,
  daysAgo: number,
  who = shopper,
) {
  const code = fate === 'codePaid' || fate === 'codeExpired';
  const card = code || fate === 'unpaid' || fate === 'declined' || (fate === 'delivered' && daysAgo % 2 === 0);
  const id = await mixedOrder(db, who, lines, card ? 'card' : 'cash_on_delivery', withCoupon ? coupon : undefined);
  // Placed at noon Cairo time `daysAgo` days ago (in the chosen period, or in the previous one beyond 13 days), dated
  // before anything else happens to it: every later change (payment, moves, a line cancelled, goods given back) must
  // reach the reports' summaries by itself, or the recomputations below catch the difference.
  const at = new Date(`${addDays(today, -daysAgo)}T10:00:00.000Z`);
  await backdateOrder(db, id, { createdAt: at, events: at });
  if (code) await payByCode(id, fate === 'codePaid');
  else if (card && fate !== 'unpaid') await payOrder(db, id, fate === 'declined' ? 'declined' : 'paid');
  if (fate === 'lineCancelled') await cancelFirstSellersLine(id);
  if (fate === 'confirmed') await moveOrderTo(db, id, 'ACCEPT');
  if (fate === 'shipped' || fate === 'delivered' || fate === 'returned' || fate === 'givenBack')
    await moveOrderTo(db, id, 'WITH_COURIER', { courierId });
  if (fate === 'delivered' || fate === 'givenBack') await moveOrderTo(db, id, 'DELIVERED', { courierId });
  if (fate === 'givenBack') {
    const first = await db
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await returnDeliveredLines(db, { orderId: id, lineIds: [first.id], reason: 'given back' }, finance);
  }
  if (fate === 'returned') await failDelivery(db, id, 'return');
  if (fate === 'cancelled') await moveOrderTo(db, id, 'CANCELED');
}

/** The sales figures recomputed from the orders' rows in JavaScript, by the documented definitions. */
async function recomputed(from: string, to: string) {
  const rows = await db.selectFrom('orders').selectAll().execute();
  const events = await db.selectFrom('order_events').select(['order_id', 'status']).execute();
  const reached = (id: number, status: string) => events.some((e) => e.order_id === id && e.status === status);
  const sums = { orders: 0, gross: 0, saleDiscounts: 0, couponDiscounts: 0, refunds: 0, net: 0, deliveryFees: 0 };
  const funnel = { placed: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0, returned: 0, open: 0 };
  for (const o of rows) {
    const day = cairoDayOfHour(o.created_at.slice(0, 13));
    if (day < from || day > to || !reached(o.id, 'PLACED')) continue;
    const items = o.subtotal - o.sale_discount - o.coupon_discount;
    const cancelled = o.status === 'CANCELED';
    sums.orders += 1;
    sums.gross += o.subtotal;
    sums.saleDiscounts += o.sale_discount;
    sums.couponDiscounts += o.coupon_discount;
    sums.refunds += cancelled ? items : 0;
    sums.net += cancelled ? 0 : items;
    sums.deliveryFees += cancelled ? 0 : o.shipping_fee;
    funnel.placed += 1;
    funnel.confirmed += reached(o.id, 'ACCEPT') ? 1 : 0;
    funnel.shipped += reached(o.id, 'WITH_COURIER') ? 1 : 0;
    funnel.delivered += o.status === 'DELIVERED' ? 1 : 0;
    funnel.returned += cancelled && reached(o.id, 'WITH_COURIER') ? 1 : 0;
    funnel.cancelled += cancelled && !reached(o.id, 'WITH_COURIER') ? 1 : 0;
    funnel.open += cancelled || o.status === 'DELIVERED' ? 0 : 1;
  }
  return { sums, funnel };
}

/** New and returning shoppers recomputed from the rows: an order is a shopper's first when none of theirs with a smaller id was placed. */
async function recomputedCustomers() {
  const rows = await db.selectFrom('orders').selectAll().orderBy('id').execute();
  const placedIds = new Set(
    (await db.selectFrom('order_events').select('order_id').where('status', '=', 'PLACED').execute()).map((e) => e.order_id),
  );
  return (from: string, to: string) => {
    const sums = { new: { orders: 0, net: 0, standing: 0 }, returning: { orders: 0, net: 0, standing: 0 } };
    const all = { orders: 0, net: 0, standing: 0 };
    for (const o of rows) {
      const day = cairoDayOfHour(o.created_at.slice(0, 13));
      if (day < from || day > to || !placedIds.has(o.id)) continue;
      const returning = rows.some((p) => p.user_id === o.user_id && p.id < o.id && placedIds.has(p.id));
      const net = o.status === 'CANCELED' ? 0 : o.subtotal - o.sale_discount - o.coupon_discount;
      for (const into of [sums[returning ? 'returning' : 'new'], all]) {
        into.orders += 1;
        into.net += net;
        into.standing += o.status === 'CANCELED' ? 0 : 1;
      }
    }
    const shown = (s: { orders: number; net: number; standing: number }) => ({
      orders: s.orders,
      net: s.net,
      averageOrder: s.standing ? Math.round(s.net / s.standing) : 0,
    });
    return { new: shown(sums.new), returning: shown(sums.returning), all: shown(all) };
  };
}

/** Hours to confirm recomputed from the events: per channel (and 'all'), median and 90th percentile by nearest rank. */
async function recomputedConfirmTimes(from: string, to: string) {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('payment_method', '=', 'cash_on_delivery')
    .execute();
  const events = await db
    .selectFrom('order_events')
    .select(['order_id', 'status', 'actor', 'created_at', 'id'])
    .orderBy('id')
    .execute();
  const minutes: Record<string, number[]> = { all: [] };
  for (const o of rows) {
    const day = cairoDayOfHour(o.created_at.slice(0, 13));
    if (day < from || day > to) continue;
    const placed = events
      .filter((e) => e.order_id === o.id && e.status === 'PLACED')
      .map((e) => e.created_at)
      .sort()[0];
    const accept = events.find((e) => e.order_id === o.id && e.status === 'ACCEPT');
    if (!placed || !accept) continue;
    const bucket = confirmBucket((Date.parse(accept.created_at) - Date.parse(placed)) / 60_000);
    const channel = channelOfActor(accept.actor);
    (minutes[channel] ??= []).push(bucket);
    minutes['all']!.push(bucket);
  }
  const rank = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]! / 60 : 0;
  };
  return (key: string) => {
    const values = minutes[key] ?? [];
    return { medianHours: rank(values, 0.5), p90Hours: rank(values, 0.9), confirmed: values.length };
  };
}

/** The kiosk codes issued in the period recomputed from the payments. */
async function recomputedCodes(from: string, to: string) {
  const rows = await db.selectFrom('payments').selectAll().where('bill_reference', 'is not', null).execute();
  const sums = { codes: 0, codesPaid: 0, codesExpired: 0, codesPaidAmount: 0, codesExpiredAmount: 0 };
  for (const p of rows) {
    const day = cairoDayOfHour(p.created_at.slice(0, 13));
    if (day < from || day > to) continue;
    const paid = ['paid', 'refund_due', 'refunded'].includes(p.status);
    sums.codes += 1;
    sums.codesPaid += paid ? 1 : 0;
    sums.codesExpired += p.status === 'expired' ? 1 : 0;
    sums.codesPaidAmount += paid ? p.amount : 0;
    sums.codesExpiredAmount += p.status === 'expired' ? p.amount : 0;
  }
  return sums;
}

// Known orders in the period, so the payments and catalog checks below never pass on empty reports.
await orderWith('delivered', [{ productId: sellers[0]!.productId, quantity: 2 }], true, 0);
await orderWith('declined', [{ productId: sellers[1]!.productId, quantity: 1 }], false, 1);
await orderWith('givenBack', [{ productId: sellers[1]!.productId, quantity: 2 }], false, 2);
await orderWith('codePaid', [{ productId: sellers[1]!.productId, quantity: 1 }], false, 1, shoppers[1]);
await orderWith('codeExpired', [{ productId: sellers[0]!.productId, quantity: 1 }], false, 1, shoppers[2]);
await orderWith('confirmed', [{ productId: sellers[0]!.productId, quantity: 1 }], false, 3, shoppers[2]);

const orderArb = fc.record({
  fate: fc.constantFrom(...FATES),
  quantities: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
  withCoupon: fc.boolean(),
  daysAgo: fc.integer({ min: 0, max: 27 }),
  shopper: fc.integer({ min: 0, max: 2 }),
});

test('sales and the funnel equal a recomputation from the rows; net = gross − discounts − refunds; outcomes add up', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 5 }), async (orders) => {
      for (const o of orders) {
        const lines = o.quantities
          .map((quantity, i) => ({ productId: sellers[i]!.productId, quantity }))
          .filter((l) => l.quantity > 0);
        if (lines.length) await orderWith(o.fate, lines, o.withCoupon, o.daysAgo, shoppers[o.shopper]);
      }
      const q = `from=${period.from}&to=${period.to}&by=week`;
      const sales = await get(`/api/admin/reports/sales?${q}`);
      const funnel = await get(`/api/admin/reports/orders?${q}`);
      const now = await recomputed(period.from, period.to);
      const before = await recomputed(addDays(period.from, -14), addDays(period.from, -1));
      expect(sales.totals.current).toEqual(now.sums);
      expect(sales.totals.previous).toEqual(before.sums);
      expect(funnel.totals.current).toEqual(now.funnel);
      expect(funnel.totals.previous).toEqual(before.funnel);
      const t = sales.totals.current;
      expect(t.net).toBe(t.gross - t.saleDiscounts - t.couponDiscounts - t.refunds);
      const f = funnel.totals.current;
      expect(f.delivered + f.cancelled + f.returned + f.open).toBe(f.placed);
      // The buckets (two weeks) add up to the totals.
      expect(sales.rows).toHaveLength(2);
      expect(sales.rows.reduce((s: number, r: { current: { net: number } }) => s + r.current.net, 0)).toBe(t.net);
      // Customers: new + returning = all; each equals the rows; the governorates add up to all.
      const customers = await get(`/api/admin/reports/customers?${q}`);
      const people = await recomputedCustomers();
      for (const [which, from, to] of [
        ['current', period.from, period.to],
        ['previous', addDays(period.from, -14), addDays(period.from, -1)],
      ] as const) {
        const expected = people(from, to);
        for (const row of customers.shoppers) expect(row[which]).toEqual(expected[row.key as 'new']);
        const regions = customers.governorates.reduce(
          (s: number, g: { [k: string]: { orders: number } }) => s + g[which]!.orders,
          0,
        );
        expect(regions).toBe(expected.all.orders);
        const newOnes = customers.governorates.reduce(
          (s: number, g: { [k: string]: { newShoppers: number } }) => s + g[which]!.newShoppers,
          0,
        );
        expect(newOnes).toBe(expected.new.orders);
      }
      expect(customers.shoppers[2].current.net).toBe(t.net);
      // Time to confirm: the median and the 90th percentile per channel equal the events'.
      const cod = await get(`/api/admin/reports/cod?${q}`);
      const times = await recomputedConfirmTimes(period.from, period.to);
      for (const row of cod.confirmTimes) expect(row.current).toEqual(times(row.key));
      // Kiosk codes issued in the period: paid and expired, with their amounts.
      const payments = await get(`/api/admin/reports/payments?${q}`);
      const codes = await recomputedCodes(period.from, period.to);
      for (const key of Object.keys(codes) as (keyof typeof codes)[])
        expect(payments.codes.reduce((s: number, r: { current: Record<string, number> }) => s + r.current[key]!, 0)).toBe(
          codes[key],
        );
    }),
    { numRuns: 12 },
  );
});

test('payments: the method mix and each provider’s attempts equal a recomputation from the rows', async () => {
  const data = await get(`/api/admin/reports/payments?from=${period.from}&to=${period.to}`);
  const payments = await db.selectFrom('payments').select(['provider', 'status', 'amount', 'created_at']).execute();
  const inPeriod = payments.filter((p) => {
    const day = cairoDayOfHour(p.created_at.slice(0, 13));
    return day >= period.from && day <= period.to;
  });
  const paytabs = data.providers.find((p: { key: string }) => p.key === 'paytabs');
  expect(inPeriod.length).toBeGreaterThanOrEqual(2);
  expect(paytabs?.current.attempts ?? 0).toBe(inPeriod.length);
  expect(paytabs?.current.paid ?? 0).toBe(inPeriod.filter((p) => p.status === 'paid').length);
  expect(paytabs?.current.failed ?? 0).toBe(
    inPeriod.filter((p) => ['declined', 'cancelled', 'expired'].includes(p.status)).length,
  );
  const { sums } = await recomputed(period.from, period.to);
  const mixOrders = data.methods.reduce((s: number, m: { current: { orders: number } }) => s + m.current.orders, 0);
  expect(mixOrders).toBe(sums.orders);
}, 120_000); // a slow machine's PostgreSQL takes tens of seconds for these runs

test('catalog: the top products’ units and net sales equal the lines of the orders that stand', async () => {
  const data = await get(`/api/admin/reports/catalog?from=${period.from}&to=${period.to}`);
  const lines = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.product_id', 'l.quantity', 'l.line_total', 'o.created_at', 'o.status', 'o.id'])
    .where('l.cancelled_at', 'is', null)
    .where('o.status', 'not in', ['CANCELED', 'PENDING'])
    .execute();
  expect(data.products.length).toBeGreaterThan(0);
  for (const product of data.products) {
    const mine = lines.filter((l) => {
      const day = cairoDayOfHour(l.created_at.slice(0, 13));
      return String(l.product_id) === product.key && day >= period.from && day <= period.to;
    });
    expect(product.current.units).toBe(mine.reduce((s, l) => s + l.quantity, 0));
    expect(product.current.net).toBe(mine.reduce((s, l) => s + l.line_total, 0));
  }
});

test('catalog: the commission each seller earned equals its ledger lines of the period (sales less reversals)', async () => {
  const data = await get(`/api/admin/reports/catalog?from=${period.from}&to=${period.to}`);
  const lines = await db
    .selectFrom('seller_commission_lines')
    .select(['seller_id', 'kind', 'gross', 'commission', 'created_at'])
    .execute();
  const inPeriod = lines.filter((l) => {
    const day = cairoDayOfHour(l.created_at.slice(0, 13));
    return day >= period.from && day <= period.to;
  });
  expect(inPeriod.some((l) => l.kind === 'reversal')).toBe(true);
  expect(data.commission.length).toBeGreaterThan(0);
  for (const seller of sellers) {
    const mine = inPeriod.filter((l) => l.seller_id === seller.sellerId);
    const row = data.commission.find((r: { key: string }) => r.key === String(seller.sellerId));
    expect(row?.current.commission ?? 0).toBe(mine.reduce((s, l) => s + l.commission, 0));
    expect(row?.current.sales ?? 0).toBe(mine.filter((l) => l.kind === 'sale').reduce((s, l) => s + l.gross, 0));
  }
  const csv = await (
    await ask(`/api/admin/reports/catalog?from=${period.from}&to=${period.to}&format=csv`, owner.cookie, 'ar')
  ).text();
  expect(csv).toContain('العمولة المكتسبة حسب البائع');
});

test('cash on delivery: every placed COD order in one channel; deliveries by governorate and courier equal the rows', async () => {
  const data = await get(`/api/admin/reports/cod?from=${period.from}&to=${period.to}`);
  const rows = await db.selectFrom('orders').selectAll().where('payment_method', '=', 'cash_on_delivery').execute();
  const events = await db.selectFrom('order_events').select(['order_id', 'status']).execute();
  const failures = await db.selectFrom('delivery_failures').select('order_id').execute();
  const reached = (id: number, status: string) => events.some((e) => e.order_id === id && e.status === status);
  const mine = rows.filter((o) => {
    const day = cairoDayOfHour(o.created_at.slice(0, 13));
    return day >= period.from && day <= period.to && reached(o.id, 'PLACED');
  });
  expect(data.placed.current).toBe(mine.length);
  const channels = data.channels.reduce((s: number, c: { current: { orders: number } }) => s + c.current.orders, 0);
  expect(channels).toBe(mine.length);
  // Each channel as the confirmation desk's own figures (read from the orders' events) count it.
  const desk = await readConfirmationFigures(db as never, period);
  for (const channel of data.channels) expect(channel.current.orders).toBe(desk.channels[channel.key as 'none'].orders);
  const shipped = mine.filter((o) => reached(o.id, 'WITH_COURIER'));
  expect(shipped.length).toBeGreaterThan(0);
  const sum = (rows: { current: Record<string, number> }[], key: string) => rows.reduce((s, r) => s + r.current[key]!, 0);
  for (const group of [data.governorates, data.couriers]) {
    expect(sum(group, 'shipped')).toBe(shipped.length);
    expect(sum(group, 'delivered')).toBe(shipped.filter((o) => o.status === 'DELIVERED').length);
    expect(sum(group, 'returned')).toBe(shipped.filter((o) => o.status === 'CANCELED').length);
    expect(sum(group, 'failedAttempts')).toBe(failures.filter((f) => shipped.some((o) => o.id === f.order_id)).length);
  }
  expect(data.couriers[0].name).toBe('Reports courier');
});

test('cash still with couriers by age equals the delivered, unremitted orders’ cash; in CSV beside no previous period', async () => {
  // Some delivered orders delivered longer ago (their clock only: the figure reads the orders as they are now).
  const delivered = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'DELIVERED')
    .where('cash_to_collect', '>', 0)
    .orderBy('id')
    .execute();
  expect(delivered.length).toBeGreaterThan(0);
  const DAY = 86_400_000;
  for (const [i, { id }] of delivered.entries())
    await db
      .updateTable('orders')
      .set({ delivered_at: new Date(Date.now() - [1, 5, 10, 20][i % 4]! * DAY - 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
  await db.updateTable('couriers').set({ company: 'sandbox' }).where('id', '=', courierId).execute();
  const data = await get(`/api/admin/reports/cod?from=${period.from}&to=${period.to}`);
  const rows = await db
    .selectFrom('orders')
    .leftJoin('remittance_orders', 'remittance_orders.order_id', 'orders.id')
    .select(['orders.delivered_at', 'orders.cash_to_collect'])
    .where('orders.status', '=', 'DELIVERED')
    .where('orders.courier_id', '=', courierId)
    .where('orders.cash_to_collect', '>', 0)
    .where('remittance_orders.order_id', 'is', null)
    .execute();
  const expected = { owed: 0, days0to2: 0, days3to7: 0, days8to14: 0, days15plus: 0, orders: rows.length };
  for (const r of rows) {
    const age = Math.floor((Date.now() - Date.parse(r.delivered_at!)) / DAY);
    const bucket = age <= 2 ? 'days0to2' : age <= 7 ? 'days3to7' : age <= 14 ? 'days8to14' : 'days15plus';
    expected[bucket] += r.cash_to_collect;
    expected.owed += r.cash_to_collect;
  }
  expect(data.cashByAge).toEqual([{ key: 'sandbox', name: 'sandbox', current: expected }]);
  expect(Object.keys(data.cashByAge[0]).includes('previous')).toBe(false);
  const csv = await (await ask(`/api/admin/reports/cod?from=${period.from}&to=${period.to}&format=csv`)).text();
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  const at = lines.indexOf('"Cash still with couriers, now, by days since delivery"');
  expect(lines[at + 1]).toBe('Name,Not remitted,0–2 days,3–7 days,8–14 days,15 days or more,Orders');
  expect(lines[at + 2]).toBe(
    [
      'sandbox',
      ...['owed', 'days0to2', 'days3to7', 'days8to14', 'days15plus'].map((k) => (expected[k as 'owed'] / 100).toFixed(2)),
      rows.length,
    ].join(','),
  );
  const arabic = await (
    await ask(`/api/admin/reports/cod?from=${period.from}&to=${period.to}&format=csv`, owner.cookie, 'ar')
  ).text();
  expect(arabic).toContain('مدة التأكيد (بالساعات)');
});

test('stock-outs: the products out of stock now with their sales in the period, and the times stock reached zero', async () => {
  const productId = sellers[1]!.productId;
  // A variant (250 g of a coffee sold in two sizes): the rows name which one ran out.
  await db
    .updateTable('products')
    .set({ stock: 0, variant_label_en: '250 g', variant_label_ar: '٢٥٠ جم' })
    .where('id', '=', productId)
    .execute();
  const at = new Date().toISOString();
  await db
    .insertInto('stock_movements')
    .values(
      Array.from({ length: 2 }, () => ({
        product_id: productId,
        delta: -1,
        stock_after: 0,
        reason: 'order' as const,
        order_id: null,
        actor: 'system',
        note: null,
        created_at: at,
      })),
    )
    .execute();
  const data = await get(`/api/admin/reports/catalog?from=${period.from}&to=${period.to}`);
  const top = data.products.find((p: { key: string }) => p.key === String(productId));
  const out = data.outOfStock.find((p: { key: string }) => p.key === String(productId));
  expect(out).toBeDefined();
  expect(out.name).toMatch(/ · 250 g$/);
  expect(out.current).toEqual(top?.current ?? { net: 0, units: 0 });
  expect(data.outOfStock.some((p: { key: string }) => p.key === String(sellers[0]!.productId))).toBe(false);
  expect(data.soldOut).toEqual([
    { key: String(productId), name: out.name, current: { stockOuts: 2 }, previous: { stockOuts: 0 } },
  ]);
  const arabic = await (await ask(`/api/admin/reports/catalog?from=${period.from}&to=${period.to}`, owner.cookie, 'ar')).json();
  expect(arabic.data.outOfStock.find((p: { key: string }) => p.key === String(productId)).name).toMatch(/ · ٢٥٠ جم$/);
  await db
    .updateTable('products')
    .set({ stock: 100, variant_label_en: null, variant_label_ar: null })
    .where('id', '=', productId)
    .execute();
});

test('the summaries kept along the way equal the summaries computed again from the rows', async () => {
  // Every change above reached the summaries in its own transaction or the catch-up's (an order not counted yet);
  // computing them again from scratch (migration 040's backfill) finds the same sums.
  await readySummaries(db);
  const kept = await summarySnapshot(db);
  expect(kept['report_order_days']!.length).toBeGreaterThan(0);
  expect(kept['report_seller_days']!.length).toBeGreaterThan(0);
  await rebuildOrderSummaries(db);
  expect(await summarySnapshot(db)).toEqual(kept);
});

describe('who may read the reports, and which periods', () => {
  test.each(STAFF_ROLES)('%s', async (role) => {
    const member = await makeStaff(db, api, role);
    for (const report of ['sales', 'customers']) {
      const res = await ask(`/api/admin/reports/${report}?from=${period.from}&to=${period.to}`, member.cookie);
      expect(res.status).toBe(can(role, 'reports.read') ? 200 : 403);
      expect(['owner', 'finance', 'operations'].includes(role)).toBe(res.status === 200);
    }
  });

  test.each([
    ['from=2026-13-01&to=2026-12-31', 'from', 'The start date is not a real date (YYYY-MM-DD).'],
    ['from=2026-02-01&to=2026-02-30', 'to', 'The end date is not a real date (YYYY-MM-DD).'],
    ['from=2026-3-1&to=2026-03-10', 'from', 'The start date is not a real date (YYYY-MM-DD).'],
    ['from=2026-03-10&to=2026-03-01', 'from', 'The start date is after the end date.'],
    ['from=2024-01-01&to=2026-01-01', 'from', 'A report covers at most 366 days.'],
  ])('%s is refused with a 400 naming %s', async (query, field, message) => {
    for (const report of ['sales', 'orders', 'cod', 'payments', 'catalog', 'customers']) {
      const res = await ask(`/api/admin/reports/${report}?${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe(message);
      expect(body.errors[field]).toEqual([message]);
    }
  });

  test('in Arabic, the refusal is in Arabic', async () => {
    const res = await ask('/api/admin/reports/sales?from=2026-02-30', owner.cookie, 'ar');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('تاريخ البداية ليس تاريخًا صحيحًا (YYYY-MM-DD).');
  });
});

test('the CSV holds exactly the JSON’s numbers, money in pounds, with the previous period beside', async () => {
  const q = `from=${period.from}&to=${period.to}&by=day`;
  const data = await get(`/api/admin/reports/sales?${q}`);
  const res = await ask(`/api/admin/reports/sales?${q}&format=csv`);
  expect(res.headers.get('content-type')).toContain('text/csv');
  const lines = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'From,To,Orders,Orders (Previous period),Gross sales,Gross sales (Previous period),Sale prices,Sale prices (Previous period),Coupons,Coupons (Previous period),Refunds and returns,Refunds and returns (Previous period),Net sales,Net sales (Previous period),Delivery fees,Delivery fees (Previous period)',
  );
  expect(lines).toHaveLength(15);
  const cells = lines.slice(1).map((l) => l.split(','));
  const net = cells.reduce((s, c) => s + Math.round(Number(c[12]) * 100), 0);
  expect(net).toBe(data.totals.current.net);
  expect(cells.map((c) => c[0])).toEqual(data.rows.map((r: { from: string }) => r.from));
});
