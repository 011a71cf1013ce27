import fc from 'fast-check';
import { afterAll, expect, test, vi } from 'vitest';
import { recordRemittance } from '../../src/desk/couriers/server/remittances.ts';
import { moveOrder, recordFailedDelivery } from '../../src/core/orders/server/order-moves.ts';
import { toInt } from '../../src/server/db/values.ts';
import { Problem } from '../../src/server/problem.ts';
import {
  recordAdjustment,
  recordPayout,
  releaseDueShares,
  returnDeliveredLines,
  saveCommissionRule,
  sellerBalances,
  sellerStatement,
} from '../../src/core/seller-ledger/server/index.ts';
import type { OrderStatus } from '../../src/lib/orders/order-status.ts';
import { makeCourier } from '../support/cash.ts';
import { payOrder, TEST_ACTOR } from '../support/order-states.ts';
import { creditWallet, makeAddress, makeCoupon } from '../support/orders.ts';
import { financeActor, mixedOrder, sellersWithProducts } from '../support/seller-ledger.ts';
import { makeShopper } from '../support/shoppers.ts';
import { freshDatabase } from '../support/test-db.ts';

/**
 * Issue 40: random sequences of orders with lines from two or three sellers, deliveries, failed deliveries, returns
 * at the door and after delivery, releases after the return window, payouts (some asking for more than available)
 * and adjustments, some orders with a coupon, some paid partly or wholly from the shopper's wallet, some cash orders
 * remitted by the courier (a few short, kept as the courier's debt), run through the
 * shop's own services on a real database, always keep: every ledger transaction balances; a delivered order's sales
 * hold on the couriers' or the provider's account what was collected for its goods, the coupon on the marketplace's
 * promotions and the wallet's part of the goods (what it paid beyond the delivery fee) on `shopper_wallet`, the three
 * making the goods; each seller's balance (pending + available) is the net of their commission lines' shares minus their
 * payouts plus their adjustments, to the piaster; no payout takes available below zero; the statement's closing
 * balance is the ledger's; the couriers' account holds exactly the goods' cash of delivered cash orders not yet
 * remitted, and `cash_received` that of the remitted ones, whatever was counted (decision 030 › Cash received).
 */
const { db, drop } = await freshDatabase();
afterAll(drop);
vi.spyOn(console, 'error').mockImplementation(() => undefined);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

const courierId = await makeCourier(db, 'Ledger courier');
const sellers = await sellersWithProducts(db, 3);
const finance = await financeActor(db);
// Rules of every kind: the marketplace's 10 %, a flat fee for the first seller, a capped percentage for the second
// seller's category, and a seller-and-category rule for the third.
const owner = { ...finance, role: 'owner' as const };
await saveCommissionRule(db, { sellerId: sellers[0]!.sellerId, categoryId: null, kind: 'flat', flatFee: 1_500 }, owner);
await saveCommissionRule(
  db,
  { sellerId: null, categoryId: sellers[1]!.categoryId, kind: 'percent', rateBp: 1_250, minFee: 800, maxFee: 4_000 },
  owner,
);
await saveCommissionRule(
  db,
  {
    sellerId: sellers[2]!.sellerId,
    categoryId: sellers[2]!.categoryId,
    kind: 'percent',
    rateBp: 700,
    minFee: null,
    maxFee: null,
  },
  owner,
);
// No coupon, an odd fixed amount (its piastres split by remainder), a capped percentage (decision 030 › Coupons).
const coupons = [
  undefined,
  await makeCoupon(db, { kind: 'fixed', value: 1_001 }),
  await makeCoupon(db, { kind: 'percent', value: 15, max_discount: 4_321 }),
];
const shoppers: { id: number; address: number }[] = [];
for (let i = 0; i < 2; i++) {
  const s = await makeShopper(db);
  shoppers.push({ id: s.id, address: (await makeAddress(db, s.id)).id });
}
const adjusted = new Map<number, number>();
const seen = {
  delivered: 0,
  failed: 0,
  returnedAtDoor: 0,
  returnedAfter: 0,
  released: 0,
  paid: 0,
  refused: 0,
  adjusted: 0,
  debt: 0,
  walletPaid: 0,
  remitted: 0,
};

type Step =
  | { kind: 'order'; sellers: number[]; quantity: number; card: boolean; coupon: number; wallet: number }
  | { kind: 'deliver' | 'fail' | 'returnAtDoor' | 'returnAfter'; order: number; choice: number }
  | { kind: 'release' }
  | { kind: 'payout'; seller: number; share: number }
  | { kind: 'adjust'; seller: number; amount: number }
  | { kind: 'remit'; order: number; short: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      sellers: fc.uniqueArray(fc.nat(2), { minLength: 2, maxLength: 3 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      card: fc.boolean(),
      coupon: fc.nat(2),
      // 0: no wallet; 1: less than a delivery fee; 2: the fee and part of the goods; 3: all of it (the wallet method).
      wallet: fc.nat(3),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('deliver' as const, 'fail' as const, 'returnAtDoor' as const, 'returnAfter' as const),
      order: fc.nat(30),
      choice: fc.nat(5),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'release' as const }) },
  // The courier hands in an order's cash: counted right, or short (kept as the courier's debt).
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('remit' as const), order: fc.nat(30), short: fc.boolean() }),
  },
  // share: quarters of available; 5 asks for more than available (refused).
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('payout' as const), seller: fc.nat(2), share: fc.integer({ min: 1, max: 5 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      seller: fc.nat(2),
      amount: fc.integer({ min: -30_000, max: 30_000 }).filter((n) => n !== 0),
    }),
  },
);

let clock = Date.now();
let keys = 0;

async function walkToCourier(orderId: number) {
  const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  const path: OrderStatus[] = ['PLACED', 'ACCEPT', 'PREPARE', 'READY_TO_SHIP', 'WITH_COURIER'];
  for (let i = path.indexOf(order.status as OrderStatus); i >= 0 && i < path.length - 1; i++)
    await moveOrder(db, { orderId, from: path[i]!, to: path[i + 1]!, courierId }, TEST_ACTOR);
  return (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

async function play(s: Step, orders: number[]) {
  if (s.kind === 'order') {
    const lines = s.sellers.map((i) => ({ productId: sellers[i]!.productId, quantity: s.quantity }));
    const shopper = shoppers[orders.length % 2]!;
    // The wallet also holds what earlier returns gave back: the order takes whatever the balance is.
    if (s.wallet > 0) await creditWallet(db, shopper.id, [0, 1, 12_000, 200_000][s.wallet]!);
    const method = s.card ? 'card' : s.wallet === 3 ? 'wallet' : 'cash_on_delivery';
    const orderId = await mixedOrder(db, shopper, lines, method, coupons[s.coupon], s.wallet > 0);
    if (s.card) await payOrder(db, orderId);
    orders.push(orderId);
  } else if (s.kind === 'release') {
    clock += 15 * 86_400_000;
    seen.released += await releaseDueShares(db, new Date(clock));
  } else if (s.kind === 'payout') {
    const { sellerId } = sellers[s.seller]!;
    const before = await sellerBalances(db, sellerId);
    const amount = s.share === 5 ? Math.max(1, before.available + 1) : Math.floor((before.available * s.share) / 4);
    if (amount <= 0 && s.share !== 5) return;
    try {
      await recordPayout(
        db,
        { sellerId, amount, method: 'instapay', reference: `REF-${keys}`, idempotencyKey: `prop-${++keys}-${Date.now()}` },
        finance,
      );
      // Paid only what was available.
      expect(amount).toBeLessThanOrEqual(before.available);
      seen.paid += 1;
    } catch (error) {
      expect(error).toBeInstanceOf(Problem);
      expect((error as Problem).code).toBe('sellerLedger.overAvailable');
      expect(amount).toBeGreaterThan(before.available);
      seen.refused += 1;
    }
    expect((await sellerBalances(db, sellerId)).available).toBeGreaterThanOrEqual(Math.min(0, before.available));
  } else if (s.kind === 'remit') {
    const orderId = orders[s.order % Math.max(1, orders.length)];
    if (orderId === undefined) return;
    const order = await db.selectFrom('orders').select('cash_to_collect').where('id', '=', orderId).executeTakeFirstOrThrow();
    // Refused (a Problem) unless the order is delivered, has cash, and is not remitted yet.
    await recordRemittance(
      db,
      s.short && order.cash_to_collect > 100
        ? { courierId, orderIds: [orderId], amount: order.cash_to_collect - 100, settleDifference: 'balance' }
        : { courierId, orderIds: [orderId], amount: order.cash_to_collect },
      finance,
    );
    seen.remitted += 1;
  } else if (s.kind === 'adjust') {
    const { sellerId } = sellers[s.seller]!;
    await recordAdjustment(db, { sellerId, amount: s.amount, reason: 'property' }, finance);
    adjusted.set(sellerId, (adjusted.get(sellerId) ?? 0) + s.amount);
    seen.adjusted += 1;
  } else {
    const orderId = orders[s.order % Math.max(1, orders.length)];
    if (orderId === undefined) return;
    if (s.kind === 'returnAfter') {
      const lines = await db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).orderBy('id').execute();
      const some = lines.filter((_, i) => (s.choice >> i) % 2 === 0 || s.choice === 0).map((l) => l.id);
      await returnDeliveredLines(db, { orderId, lineIds: some, reason: 'returned by the shopper' }, finance);
      seen.returnedAfter += 1;
      const debtor = await Promise.all(sellers.map((x) => sellerBalances(db, x.sellerId)));
      if (debtor.some((b) => b.available < 0)) seen.debt += 1;
      return;
    }
    if ((await walkToCourier(orderId)) !== 'WITH_COURIER') return;
    if (s.kind === 'deliver') {
      await moveOrder(db, { orderId, from: 'WITH_COURIER', to: 'DELIVERED' }, TEST_ACTOR);
      seen.delivered += 1;
    } else {
      await recordFailedDelivery(
        db,
        { orderId, reason: 'nobody home', outcome: s.kind === 'fail' ? 'reschedule' : 'return' },
        TEST_ACTOR,
      );
      seen[s.kind === 'fail' ? 'failed' : 'returnedAtDoor'] += 1;
    }
  }
}

async function expectLedgerHolds() {
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id', (eb) => eb.fn.sum<number>('debit').as('d'), (eb) => eb.fn.sum<number>('credit').as('c')])
    .groupBy('transaction_id')
    .execute();
  for (const t of unbalanced) expect(toInt(t.d), `transaction ${t.transaction_id}`).toBe(toInt(t.c));
  for (const { sellerId } of sellers) {
    const balance = await sellerBalances(db, sellerId);
    const shares = await db
      .selectFrom('seller_commission_lines')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seller_share'), eb.lit(0)).as('n'))
      .where('seller_id', '=', sellerId)
      .executeTakeFirstOrThrow();
    const paid = await db
      .selectFrom('seller_payouts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
      .where('seller_id', '=', sellerId)
      .executeTakeFirstOrThrow();
    expect(balance.pending + balance.available).toBe(toInt(shares.n) - toInt(paid.n) + (adjusted.get(sellerId) ?? 0));
    // The statement up to the end of time (releases ran on a clock in the future) closes on the ledger's balance.
    const statement = await sellerStatement(db, sellerId, { from: '2000-01-01', to: '2999-12-31' });
    expect(statement.closing.total).toBe(balance.pending + balance.available);
  }
  // Every line of a delivered order has its sale line; no line of an order that never reached the shopper has one.
  // (The demo's 2025 orders behind its reviews, src/server/db/seed/demo-reviews.ts, are history written before the
  // ledger's time: this run's orders are the ones after them.)
  const missing = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .leftJoin('seller_commission_lines as s', (join) =>
      join.onRef('s.order_line_id', '=', 'order_lines.id').on('s.kind', '=', 'sale'),
    )
    .select(['order_lines.id', 'orders.status', 's.id as sale'])
    .where('orders.created_at', '>=', '2026-01-01')
    .execute();
  for (const line of missing) expect(line.sale !== null, `line ${line.id} (${line.status})`).toBe(line.status === 'DELIVERED');
  // A delivered order's sales: the collecting account holds what was collected for the goods (the wallet pays the
  // delivery fee first), the promotions account the coupon, shopper_wallet the wallet's part of the goods, and the
  // three make the goods; a return gives the shopper what they paid for the line, no more.
  const delivered = await db
    .selectFrom('orders')
    .select(['id', 'total', 'shipping_fee', 'coupon_discount', 'wallet_amount'])
    .where('status', '=', 'DELIVERED')
    .where('created_at', '>=', '2026-01-01')
    .execute();
  for (const order of delivered) {
    const legs = await db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transactions as t', 't.id', 'ledger_entries.transaction_id')
      .select(['t.kind', 'ledger_entries.account', (eb) => eb.fn.sum<number>(eb('debit', '-', eb.ref('credit'))).as('net')])
      .where('t.order_id', '=', order.id)
      .groupBy(['t.kind', 'ledger_entries.account'])
      .execute();
    const net = (kind: string, account: string) => toInt(legs.find((l) => l.kind === kind && l.account === account)?.net);
    const collected = net('sale', 'cod_with_couriers') + net('sale', 'provider_receivable');
    const walletForGoods = Math.max(0, order.wallet_amount - order.shipping_fee);
    expect(collected, `order ${order.id}`).toBe(order.total - Math.max(0, order.shipping_fee - order.wallet_amount));
    expect(net('sale', 'marketplace_promotions'), `order ${order.id}`).toBe(order.coupon_discount);
    expect(net('sale', 'shopper_wallet'), `order ${order.id}`).toBe(walletForGoods);
    const goods = await db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('line_total'), eb.lit(0)).as('n'))
      .where('order_id', '=', order.id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(collected + net('sale', 'marketplace_promotions') + net('sale', 'shopper_wallet'), `order ${order.id}`).toBe(
      toInt(goods.n),
    );
    if (walletForGoods > 0) seen.walletPaid += 1;
    const returned = await db
      .selectFrom('seller_commission_lines')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('gross'), eb.lit(0)).as('n'))
      .where('order_id', '=', order.id)
      .where('kind', '=', 'reversal')
      .executeTakeFirstOrThrow();
    expect(
      -net('reversal', 'shopper_refunds') - net('reversal', 'marketplace_promotions') - net('reversal', 'shopper_wallet'),
    ).toBe(-toInt(returned.n));
  }
}

/** Σ of an account over the whole ledger, debits minus credits. */
async function accountNet(account: string) {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<number>(eb('debit', '-', eb.ref('credit'))).as('net'))
    .where('account', '=', account)
    .executeTakeFirst();
  return toInt(row?.net);
}

/**
 * The couriers hold the goods' cash of delivered cash orders not remitted yet, the marketplace that of the remitted
 * ones: the goods' part of the cash collected at the door (`total` less whatever of the fee the wallet did not pay),
 * read from the orders and the cash desk, not from the ledger.
 */
async function expectCashWhereItIs() {
  const orders = await db
    .selectFrom('orders')
    .leftJoin('remittance_orders', 'remittance_orders.order_id', 'orders.id')
    .select(['orders.total', 'orders.shipping_fee', 'orders.wallet_amount', 'remittance_orders.order_id as remitted'])
    .where('orders.status', '=', 'DELIVERED')
    .where('orders.payment_method', '=', 'cash_on_delivery')
    // Not the demo's 2025 orders behind its reviews (written as history, outside the ledger: demo-reviews.ts).
    .where('orders.created_at', '>=', '2026-01-01')
    .execute();
  const goodsCash = (o: (typeof orders)[number]) => o.total - Math.max(0, o.shipping_fee - o.wallet_amount);
  const sum = (list: typeof orders) => list.reduce((n, o) => n + goodsCash(o), 0);
  expect(await accountNet('cod_with_couriers')).toBe(sum(orders.filter((o) => o.remitted === null)));
  expect(await accountNet('cash_received')).toBe(sum(orders.filter((o) => o.remitted !== null)));
}

test('every transaction balances and each seller is owed their shares minus payouts, whatever happens', async () => {
  const shipAll = (n: number): Step[] => Array.from({ length: n }, (_, order): Step => ({ kind: 'deliver', order, choice: 0 }));
  const example: Step[] = [
    { kind: 'order', sellers: [0, 1], quantity: 1, card: false, coupon: 1, wallet: 2 },
    { kind: 'order', sellers: [1, 2], quantity: 2, card: true, coupon: 2, wallet: 0 },
    { kind: 'order', sellers: [0, 2], quantity: 1, card: false, coupon: 0, wallet: 1 },
    { kind: 'fail', order: 2, choice: 0 },
    ...shipAll(2),
    { kind: 'remit', order: 0, short: true },
    { kind: 'release' },
    { kind: 'payout', seller: 1, share: 4 },
    { kind: 'payout', seller: 1, share: 5 },
    { kind: 'returnAfter', order: 1, choice: 0 },
    { kind: 'returnAtDoor', order: 2, choice: 0 },
    { kind: 'adjust', seller: 0, amount: -2_000 },
  ];
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
      const orders: number[] = [];
      for (const s of steps) {
        try {
          await play(s, orders);
        } catch (error) {
          // Refusals a member would read (a line already returned, an order not delivered…) are part of the game.
          if (!(error instanceof Problem)) throw error;
        }
      }
      await expectLedgerHolds();
      await expectCashWhereItIs();
    }),
    { numRuns: process.env['DATABASE_URL'] ? 15 : 40, examples: [[example]] },
  );
  expect(seen.delivered).toBeGreaterThan(0);
  expect(seen.failed + seen.returnedAtDoor).toBeGreaterThan(0);
  expect(seen.returnedAfter).toBeGreaterThan(0);
  expect(seen.released).toBeGreaterThan(0);
  expect(seen.paid).toBeGreaterThan(0);
  expect(seen.refused).toBeGreaterThan(0);
  expect(seen.debt).toBeGreaterThan(0);
  expect(seen.walletPaid).toBeGreaterThan(0);
  expect(seen.remitted).toBeGreaterThan(0);
}, 600_000);
