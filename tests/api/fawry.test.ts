import { redirectLog } from '../../src/server/observability/logger.ts';
import { describe, expect, test } from 'vitest';
import { cancelAbandonedReferences, reconcilePendingPayments } from '../../src/server/payments/reconcile.ts';
import { releaseAbandonedPayments } from '../../src/server/payments/release-abandoned.ts';
import type { SandboxSession } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';
import { fawryNotification } from '../../src/server/payments/sandbox/sandbox-fawry.ts';
import { send, stockOf } from '../support/orders.ts';
import { expectBalanced, payRefundAs, startOnlineOrder, useSandboxProviders } from '../support/online-payments.ts';
import { stubKeys as keys } from '../support/payment-stub.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Fawry "pay at Fawry" reference codes (issue 39) through the shop's API against the sandbox FawryPay on its own
 * port: the charge, the code shown with its expiry, the V2 notification verified by its messageSignature, payment
 * status V2 for reconciliation, and refunds through Fawry's refund API from the desk.
 */
const testing = await testApi();
const { api, db, json } = testing;
const sandbox = useSandboxProviders(testing.close);
const { faults, refunds: providerRefunds } = sandbox;
const finance = await makeStaff(db, api, 'finance');
const logged: Record<string, unknown>[] = [];
redirectLog((line) => void logged.push(JSON.parse(line) as Record<string, unknown>));

const fawryOrder = () => startOnlineOrder(testing, 'fawry', 'fawry');

const sessionOf = (payment: { tran_ref: string; reference: string; amount: number }, extra: Partial<SandboxSession> = {}) =>
  ({
    protocol: 'fawry',
    tranRef: payment.tran_ref,
    reference: payment.reference,
    amount: payment.amount,
    currency: 'EGP',
    callbackUrl: '',
    returnUrl: '',
    cancelUrl: null,
    lang: 'en',
    methods: ['kiosk'],
    transactionId: '555000111',
    ...extra,
  }) satisfies SandboxSession;

const deliver = (body: unknown) =>
  api.request('/api/payments/fawry/callback', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const orderRow = (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a Fawry reference code', () => {
  test('is issued at once, shown with its expiry, holds the stock past the card timeout, and is paid by the notification', async () => {
    const { shopper, order, payment, productId, redirect } = await fawryOrder();
    // No payment page: the shopper goes straight to the shop's page, which shows the code.
    expect(redirect).toMatch(new RegExp(`/api/payments/return\\?order=${order.id}&lang=`));
    expect(payment.bill_reference).toBe(payment.tran_ref);
    const seen = await json(`/api/orders/${order.id}`, { headers: shopper.headers });
    expect(seen.body.data.payment_code).toEqual({ code: payment.tran_ref, expires_at: payment.expires_at });
    expect(await releaseAbandonedPayments(db, new Date(Date.now() + 3_600_000), 30 * 60_000)).not.toContain(order.id);
    expect(await stockOf(db, productId)).toBe(3);

    const paid = fawryNotification(sessionOf(payment), 'approve', keys);
    expect((await deliver(paid)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
    // Fawry's fees and the whole notification are kept with the payment.
    const kept = await db
      .selectFrom('payments')
      .select('provider_payload')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(kept.provider_payload!)).toMatchObject({ fawryFees: 5, orderStatus: 'PAID' });
    const replay = await deliver(paid);
    expect(((await replay.json()) as { data: { outcome: string } }).data.outcome).toBe('duplicate');
  });

  test('a notification with a wrong signature, another amount or for another order is refused and moves nothing', async () => {
    const { order, payment } = await fawryOrder();
    const genuine = fawryNotification(sessionOf(payment), 'approve', keys);
    expect((await deliver({ ...genuine, orderAmount: 1 })).status).toBe(401);
    expect(
      (await deliver({ ...genuine, messageSignature: genuine.messageSignature!.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }))
        .status,
    ).toBe(401);
    expect(
      (await deliver(fawryNotification(sessionOf(payment), 'approve', { ...keys, fawrySecurityKey: 'guessed' }))).status,
    ).toBe(401);
    expect((await deliver(fawryNotification(sessionOf(payment, { amount: payment.amount - 100 }), 'approve', keys))).status).toBe(
      401,
    );
    expect((await deliver(fawryNotification(sessionOf(payment, { reference: 'BB-1-other' }), 'approve', keys))).status).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'awaiting' });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'payment callback refused',
        provider: 'fawry',
        reason: 'messageSignature does not verify',
      }),
    );
  });

  test('paid at the point with the notification lost: reconciliation finds it through payment status V2', async () => {
    const { order, payment } = await fawryOrder();
    const screen = await fetch(`${sandbox.base}/fawry/kiosk/${payment.bill_reference}`);
    await fetch(screen.url, { method: 'POST', body: new URLSearchParams({ choice: 'approve' }), redirect: 'manual' });
    expect((await orderRow(order.id)).status).toBe('PENDING');
    await reconcilePendingPayments(db, new Date(Date.now() + 16 * 60_000), 15 * 60_000, sandbox.base);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
  });
});

describe('a Fawry reference of a cancelled order', () => {
  test('is cancelled at Fawry once, so it can no longer be paid; the stock is back', async () => {
    const { shopper, order, payment, productId } = await fawryOrder();
    expect((await fetch(`${sandbox.base}/fawry/kiosk/${payment.bill_reference}`)).status).toBe(200);
    expect((await json(`/api/orders/${order.id}/cancel`, send('POST', shopper.headers))).status).toBe(200);
    expect(await stockOf(db, productId)).toBe(5);
    const [first, second] = [
      await cancelAbandonedReferences(db, new Date(), sandbox.base),
      await cancelAbandonedReferences(db, new Date(), sandbox.base),
    ];
    expect(first).toContain(payment.id);
    expect(second).not.toContain(payment.id);
    // The Fawry point no longer knows the code.
    expect((await fetch(`${sandbox.base}/fawry/kiosk/${payment.bill_reference}`)).status).toBe(404);
    const row = await db.selectFrom('payments').select('cancelled_at').where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row.cancelled_at).not.toBeNull();
  });
});

describe('refunds through Fawry from the desk', () => {
  const pay = payRefundAs(json, finance);
  const owedRow = (id: number) =>
    db.selectFrom('refunds').select(['amount', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

  /** A reference paid at the point after the order had expired: found by reconciliation and owed back. */
  async function latePaid() {
    const placed = await fawryOrder();
    const screen = await fetch(`${sandbox.base}/fawry/kiosk/${placed.payment.bill_reference}`);
    await fetch(screen.url, { method: 'POST', body: new URLSearchParams({ choice: 'approve' }), redirect: 'manual' });
    await releaseAbandonedPayments(db, new Date(Date.now() + 49 * 3_600_000), 30 * 60_000);
    await reconcilePendingPayments(db, new Date(Date.now() + 50 * 3_600_000), 15 * 60_000, sandbox.base);
    const refund = await db.selectFrom('refunds').selectAll().where('order_id', '=', placed.order.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'owed', reason: 'late_payment' });
    await expectBalanced(db, placed.order.id);
    return { ...placed, refund };
  }

  test('the whole amount through Fawry’s refund API, pressed twice at once: refunded once', async () => {
    const { order, refund, payment } = await latePaid();
    const before = providerRefunds.length;
    const [a, b] = await Promise.all([pay(refund.id, { destination: 'card' }), pay(refund.id, { destination: 'card' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const mine = providerRefunds.slice(before).filter((r) => r.original === payment.tran_ref);
    expect(mine).toEqual([expect.objectContaining({ protocol: 'fawry', amount: refund.amount })]);
    expect(await owedRow(refund.id)).toEqual({ amount: refund.amount, status: 'paid' });
    const money = await expectBalanced(db, order.id);
    expect(money.refunded).toBe(refund.amount);
  });

  test('a part, then Fawry refusing (it stays owed, its reason shown), then the rest; received = refunded + kept', async () => {
    const { order, refund, payment } = await latePaid();
    expect((await pay(refund.id, { destination: 'card', amount: 10000 })).status).toBe(200);
    expect(providerRefunds.at(-1)).toMatchObject({ protocol: 'fawry', original: payment.tran_ref, amount: 10000 });
    await expectBalanced(db, order.id);
    faults.refuseRefunds = true;
    try {
      const refused = await pay(refund.id, { destination: 'card' });
      expect(refused.status).toBe(502);
      // Finance reads Fawry's own words.
      expect(refused.body.message).toContain('Refund is not allowed for this order');
    } finally {
      faults.refuseRefunds = false;
    }
    expect(await owedRow(refund.id)).toEqual({ amount: refund.amount - 10000, status: 'owed' });
    await expectBalanced(db, order.id);
    expect((await pay(refund.id, { destination: 'card' })).status).toBe(200);
    const money = await expectBalanced(db, order.id);
    expect(money.refunded).toBe(refund.amount);
  });
});
