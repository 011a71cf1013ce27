import { afterAll, beforeAll, expect } from 'vitest';
import { usePaymentGateways } from '../../src/server/payments/gateways.ts';
import { createSandboxGateway, type SandboxRefund } from '../../src/server/payments/sandbox/sandbox-gateway.ts';
import type { ShopDb } from '../../src/server/db/index.ts';
import { orderMoney } from '../../src/core/orders/server/refunds.ts';
import { makeAddress, makeProduct, placeOrder, send } from './orders.ts';
import { stubKeys, useStubGateways } from './payment-stub.ts';
import { serveApp } from './serve-app.ts';
import { makeShopper } from './shoppers.ts';
import type { testApi } from './test-db.ts';

type Api = Awaited<ReturnType<typeof testApi>>;

/**
 * The sandbox providers on their own port for one API test file (Paymob, Fawry, PayTabs, OPay), with the switches
 * tests flip (`faults`) and every refund the providers took (`refunds`); started before the file's tests, stopped
 * with its database. The sandbox's callbacks go to the test's public origin, where nobody listens: lost, as
 * reconciliation expects.
 */
export function useSandboxProviders(close: () => Promise<void>) {
  const faults = { refuseRefunds: false };
  const refunds: SandboxRefund[] = [];
  const sandbox = { base: '', faults, refunds, keys: stubKeys };
  let stub: Awaited<ReturnType<typeof serveApp>> | undefined;
  beforeAll(async () => {
    stub = await serveApp(createSandboxGateway({ keys: stubKeys, publicPath: '', faults, refunds }));
    sandbox.base = stub.base;
    useStubGateways(stub.base);
  });
  afterAll(async () => {
    usePaymentGateways(undefined);
    await stub?.close();
    await close();
  });
  return sandbox;
}

/** A shopper's order of two of a 300 EGP product, placed with `method` and started at `gateway` (the shop's API). */
export async function startOnlineOrder(
  { db, json }: Pick<Api, 'db' | 'json'>,
  method: string,
  gateway: 'paymob' | 'fawry' | 'paytabs' | 'opay',
  start: Record<string, unknown> = {},
) {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: 30000, stock: 5, before_discount: null });
  const address = await makeAddress(db, shopper.id);
  const placed = await placeOrder(json, shopper, productId, { quantity: 2, address_id: address.id, payment_method: method });
  expect(placed.status).toBe(201);
  const order = placed.body.data as { id: number; DiscountedTotal: number };
  const started = await json(`/api/payments/${gateway}`, send('POST', shopper.headers, { order_id: order.id, ...start }));
  expect(started.status).toBe(201);
  const payment = await db.selectFrom('payments').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
  return { shopper, productId, order, payment, redirect: started.body.data.redirect_url as string };
}

/** Finance pays a refund from the desk (`POST /api/admin/refunds/{id}/pay`), answered in English. */
export const payRefundAs = (json: Api['json'], staff: { cookie: string }) => (refundId: number, body: unknown) =>
  json(`/api/admin/refunds/${refundId}/pay?lang=en-US`, {
    method: 'POST',
    headers: { cookie: staff.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The order's money adds up: what came in = what went back + what the shop keeps. */
export async function expectBalanced(db: ShopDb, orderId: number) {
  const money = await orderMoney(db, orderId);
  expect(money.received).toBe(money.refunded + money.kept);
  return money;
}
