import fc from 'fast-check';
import { afterAll, expect, test, vi } from 'vitest';
import type { VerifiedCallback } from '../../src/server/payments/gateway.ts';
import { releaseAbandonedPayments } from '../../src/server/payments/release-abandoned.ts';
import { settleCallback } from '../../src/server/payments/settle.ts';
import { cancelOrder } from '../../src/core/orders/server/cancel-order.ts';
import { openPayment } from '../../src/core/orders/server/lifecycle.ts';
import { moveOrder, recordFailedDelivery } from '../../src/core/orders/server/order-moves.ts';
import { placeOrder } from '../../src/server/services/orders/place-order.ts';
import { Problem } from '../../src/server/problem.ts';
import { orderMoney } from '../../src/core/orders/server/refunds.ts';
import { operatorNextStatuses, type OrderStatus } from '../../src/lib/orders/order-status.ts';
import { makeCourier } from '../support/cash.ts';
import { TEST_ACTOR, trustingGateway as trusting } from '../support/order-states.ts';
import { creditWallet, makeAddress, makeProduct } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { freshDatabase } from '../support/test-db.ts';

/**
 * Issue 21: random sequences of place, pay, fail, time out, cancel and operator moves, run through the lifecycle on
 * a real database, always keep stock + sold = start for every product, and money in = refunded + kept for every
 * order. Callbacks come from a gateway that trusts its input (signatures are payments.test.ts's concern).
 * Operator moves go through the one mover (issue 33): the desk's moveOrder and recordFailedDelivery, the path the
 * desk and `npm run order` take, hand-overs to a courier, failed deliveries (back on the shelf) and returns included.
 */
const { db, drop } = await freshDatabase();
afterAll(drop);
vi.spyOn(console, 'error').mockImplementation(() => undefined);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

const courierId = await makeCourier(db, 'Property courier');

type Step =
  | { kind: 'place'; shopper: number; product: number; quantity: number; method: 'cash_on_delivery' | 'card'; wallet: boolean }
  | { kind: 'attempt' | 'pay' | 'fail' | 'cancel' | 'move' | 'ship'; order: number; choice: number }
  | { kind: 'timeout' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    shopper: fc.nat(2),
    product: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 3 }),
    method: fc.constantFrom('cash_on_delivery' as const, 'card' as const),
    wallet: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('attempt' as const, 'pay' as const, 'fail' as const, 'cancel' as const, 'move' as const),
    order: fc.nat(20),
    choice: fc.nat(10),
  }),
  fc.constant({ kind: 'timeout' as const }),
  // Operator moves are drawn more often, and an operator may walk an order to the courier in one go, so orders
  // reach WITH_COURIER and are delivered, fail (back on the shelf) or return there too.
  fc.record({ kind: fc.constant('move' as const), order: fc.nat(20), choice: fc.nat(10) }),
  fc.record({ kind: fc.constant('ship' as const), order: fc.nat(20), choice: fc.nat(10) }),
);
/** One of each ending at the courier: choice 0, 1 and 2 of WITH_COURIER's next statuses (delivered, back, cancelled). */
const deliveredFailedReturned: Step[] = [
  ...[0, 1, 2].map((i): Step => ({
    kind: 'place',
    shopper: i,
    product: i,
    quantity: 1,
    method: 'cash_on_delivery',
    wallet: false,
  })),
  ...[0, 1, 2].map((order): Step => ({ kind: 'ship', order, choice: 0 })),
  ...[0, 1, 2].map((order): Step => ({ kind: 'move', order, choice: order })),
];
/** The operator's way to the courier: the step after each status before WITH_COURIER. */
const towardsCourier: Partial<Record<OrderStatus, OrderStatus>> = {
  PLACED: 'ACCEPT',
  ACCEPT: 'PREPARE',
  PREPARE: 'READY_TO_SHIP',
  READY_TO_SHIP: 'WITH_COURIER',
};
/** How many failed deliveries and returns the runs made: the property must have met both. */
const seen = { rescheduled: 0, returned: 0, delivered: 0 };

let run = 0;

/**
 * An operator's move through the one mover (the desk's service, as the terminal actor): `ship` walks the order to the
 * courier; `move` takes one of the next statuses, a failed delivery or a return when the courier has it.
 */
async function operatorMove(kind: 'ship' | 'move', orderId: number, status: OrderStatus, choice: number) {
  if (kind === 'ship') {
    let from = status;
    let to = towardsCourier[from];
    while (to) {
      await moveOrder(db, { orderId, from, to, courierId }, TEST_ACTOR);
      from = to;
      to = towardsCourier[from];
    }
    return;
  }
  const next = operatorNextStatuses(status);
  const to = next[choice % Math.max(1, next.length)];
  if (!to) return;
  if (status === 'WITH_COURIER' && to !== 'DELIVERED') {
    const outcome = to === 'CANCELED' ? 'return' : 'reschedule';
    await recordFailedDelivery(db, { orderId, reason: 'nobody home', outcome }, TEST_ACTOR);
    seen[outcome === 'return' ? 'returned' : 'rescheduled'] += 1;
  } else {
    await moveOrder(db, { orderId, from: status, to, reason: 'property', courierId }, TEST_ACTOR);
    if (to === 'DELIVERED') seen.delivered += 1;
  }
}

/** stock + sold = start for every product; money in = refunded + kept for every order. */
async function expectInvariants(products: number[], orders: number[], start: number) {
  for (const productId of products) {
    const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
    const sold = await db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('order_lines.quantity'), eb.lit(0)).as('n'))
      .where('order_lines.product_id', '=', productId)
      .where('orders.status', '!=', 'CANCELED')
      .executeTakeFirstOrThrow();
    expect(row.stock + Number(sold.n)).toBe(start);
  }
  for (const orderId of orders) {
    const money = await orderMoney(db, orderId);
    expect(money.received).toBe(money.refunded + money.kept);
    const order = await db
      .selectFrom('orders')
      .select(['status', 'payment_status'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    // A paid order that was cancelled always says where its money is.
    if (order.status === 'CANCELED' && money.received > 0) expect(money.refunded).toBe(money.received);
  }
}

test('stock + sold = start and money in = refunded + kept, whatever happens in whatever order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
      run += 1;
      const start = 6;
      const products = [];
      for (let i = 0; i < 3; i++)
        products.push(await makeProduct(db, { price: 20000 + i * 5000, stock: start, before_discount: null }));
      const shoppers = [];
      for (let i = 0; i < 3; i++) {
        const shopper = await makeShopper(db);
        await creditWallet(db, shopper.id, 15000);
        shoppers.push({ id: shopper.id, address: (await makeAddress(db, shopper.id)).id });
      }
      const orders: number[] = [];
      let clock = Date.now();
      for (const s of steps) {
        try {
          if (s.kind === 'place') {
            const who = shoppers[s.shopper]!;
            const placed = await placeOrder(db, {
              userId: who.id,
              locale: 'en',
              choice: {
                products: [{ product_id: products[s.product]!, quantity: s.quantity }],
                address_id: who.address,
                payment_method: s.method,
                use_wallet: s.wallet,
              },
            });
            orders.push(placed.orderId);
          } else if (s.kind === 'timeout') {
            clock += 31 * 60_000;
            await releaseAbandonedPayments(db, new Date(clock));
          } else {
            const orderId = orders[s.order % Math.max(1, orders.length)];
            if (orderId === undefined) continue;
            const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
            if (s.kind === 'attempt' && order.payment_method === 'card') {
              await openPayment(db, {
                order_id: orderId,
                provider: 'paytabs',
                tran_ref: `T${run}-${orderId}-${s.choice}-${Math.random()}`,
                reference: `R${run}-${orderId}-${Math.random()}`,
                amount: order.total,
                currency: 'EGP',
                created_at: new Date().toISOString(),
                updated_at: new Date().toISOString(),
              });
            } else if (s.kind === 'pay' || s.kind === 'fail') {
              // The provider answers for one of the order's attempts, even one the timeout gave up on.
              const attempts = await db
                .selectFrom('payments')
                .selectAll()
                .where('order_id', '=', orderId)
                .orderBy('id')
                .execute();
              const payment = attempts[s.choice % Math.max(1, attempts.length)];
              if (!payment) continue;
              const callback: VerifiedCallback = {
                tranRef: payment.tran_ref,
                reference: payment.reference,
                amount: payment.amount,
                currency: 'EGP',
                outcome: s.kind === 'pay' ? 'paid' : 'declined',
              };
              await settleCallback(db, trusting, new Headers(), JSON.stringify(callback));
            } else if (s.kind === 'cancel') {
              await cancelOrder(db, {
                orderId,
                userId: order.user_id,
                actor: 'shopper',
                refundTo: s.choice % 2 ? 'wallet' : 'card',
              });
            } else if (s.kind === 'ship' || s.kind === 'move') {
              await operatorMove(s.kind, orderId, order.status as OrderStatus, s.choice);
            }
          }
        } catch (error) {
          // Refusals a shopper or operator would read (out of stock, not cancellable…) are part of the game.
          if (!(error instanceof Problem)) throw error;
        }
      }
      await expectInvariants(products, orders, start);
    }),
    // PostgreSQL pays a round trip per query: fewer runs there keep CI's second pass short (SQLite explores more). The
    // example runs first on both: three cash orders walked to the courier, then delivered, failed and rescheduled,
    // returned, so the coverage checks below never hang on what the random runs happened to draw (40 PostgreSQL runs
    // once met no delivery).
    { numRuns: process.env['DATABASE_URL'] ? 40 : 100, examples: [[deliveredFailedReturned]] },
  );
  expect(seen.rescheduled).toBeGreaterThan(0);
  expect(seen.returned).toBeGreaterThan(0);
  expect(seen.delivered).toBeGreaterThan(0);
  // Every operator move left its audit entry, naming the terminal actor it was made as.
  const audited = await db.selectFrom('audit_log').select('staff_email').where('subject_type', '=', 'order').execute();
  expect(audited.length).toBeGreaterThanOrEqual(seen.rescheduled + seen.returned + seen.delivered);
  expect(new Set(audited.map((a) => a.staff_email))).toEqual(new Set(['terminal']));
}, 240_000);
