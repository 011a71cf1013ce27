import { describe, expect, test } from 'vitest';
import { reconciliationOf, reportedDays } from '../../src/desk/payments/server/reconciliation-list.ts';
import {
  buildReconciliationReport,
  RUN_CLAIM_STALE_MS,
  yesterday,
} from '../../src/desk/payments/server/reconciliation-report.ts';
import { cairoToday } from '../../src/lib/cairo-day.ts';
import { can } from '../../src/core/permissions/permissions.ts';
import { gatewayFor } from '../../src/server/payments/gateways.ts';
import { reconcilePendingPayments } from '../../src/server/payments/reconcile.ts';
import { fawryNotification } from '../../src/server/payments/sandbox/sandbox-fawry.ts';
import { paymobCallback } from '../../src/server/payments/sandbox/sandbox-paymob.ts';
import type { SandboxSession } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';
import { startOnlineOrder, useSandboxProviders } from '../support/online-payments.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The daily reconciliation report (issue 39): each provider's own record of the day's payments, asked through its
 * status query on the sandboxes (which answer as the real APIs do), against the shop's; every mismatch kept for
 * finance by day.
 */
const api = await testApi();
const { db } = api;
const sandbox = useSandboxProviders(api.close);
const today = cairoToday();

/** Pays on the sandbox's page (or at the Fawry point's screen); the provider's callback to the shop is lost. */
async function payAtProvider(redirect: string, choices = ['approve']) {
  let page = await fetch(redirect);
  for (const choice of choices) {
    const answered = await fetch(page.url, { method: 'POST', body: new URLSearchParams({ choice }), redirect: 'manual' });
    expect(answered.status).toBe(303);
    page = await fetch(page.url);
  }
}

const session = (p: { tran_ref: string; reference: string; amount: number }, protocol: 'paymob' | 'fawry', id: string) =>
  ({
    protocol,
    tranRef: p.tran_ref,
    reference: p.reference,
    amount: p.amount,
    currency: 'EGP',
    callbackUrl: '',
    returnUrl: 'https://shop.example/api/payments/paymob/response?shop_order=1&lang=en',
    cancelUrl: null,
    lang: 'en',
    methods: [protocol === 'fawry' ? 'kiosk' : 'wallet'],
    transactionId: id,
  }) satisfies SandboxSession;

const mismatchesOf = async (orderId: number) =>
  (await reconciliationOf(db, today)).mismatches.filter((m) => m.orderId === orderId).map((m) => m.kind);

describe('the daily reconciliation report', () => {
  test('lists paid there but not here, refunded there but not here, and amounts that differ; agreeing payments are not listed', async () => {
    // Paymob: paid on its page, its callback lost.
    const lost = await startOnlineOrder(api, 'mobile_wallet', 'paymob');
    await payAtProvider(lost.redirect);
    // PayTabs and OPay: the same, through their status queries.
    const payTabs = await startOnlineOrder(api, 'card', 'paytabs');
    await payAtProvider(payTabs.redirect);
    const opay = await startOnlineOrder(api, 'opay', 'opay');
    await payAtProvider(opay.redirect);
    // Paymob: paid and settled here, then refunded in Paymob's dashboard (not through the shop).
    const refundedThere = await startOnlineOrder(api, 'mobile_wallet', 'paymob');
    await payAtProvider(refundedThere.redirect);
    const transactionId = await paidThroughCallback(refundedThere.payment);
    await gatewayFor('paymob', sandbox.base)!.refund(
      { ...session(refundedThere.payment, 'paymob', transactionId), currency: 'EGP' },
      5000,
      {
        reference: 'dashboard',
        description: 'by hand',
        callbackUrl: '',
      },
    );
    // Fawry: paid at the point, settled by its notification, then refunded in full at Fawry.
    const fawry = await startOnlineOrder(api, 'fawry', 'fawry');
    const note = fawryNotification(session(fawry.payment, 'fawry', '555'), 'approve', sandbox.keys);
    await payAtProvider(`${sandbox.base}/fawry/kiosk/${fawry.payment.bill_reference}`);
    const delivered = await api.api.request('/api/payments/fawry/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(note),
    });
    expect(delivered.status).toBe(200);
    await gatewayFor('fawry', sandbox.base)!.refund(
      { ...fawry.payment, tranRef: fawry.payment.tran_ref, currency: 'EGP' },
      fawry.payment.amount,
      {
        reference: 'dashboard',
        description: 'by hand',
        callbackUrl: '',
      },
    );
    // Paymob: a payment whose amount here is not what Paymob took.
    const differs = await startOnlineOrder(api, 'mobile_wallet', 'paymob');
    await payAtProvider(differs.redirect);
    await db
      .updateTable('payments')
      .set({ amount: differs.payment.amount - 100 })
      .where('id', '=', differs.payment.id)
      .execute();
    // Paymob: paid, settled through its signed callback: both sides agree.
    const agrees = await startOnlineOrder(api, 'mobile_wallet', 'paymob');
    await payAtProvider(agrees.redirect);
    await paidThroughCallback(agrees.payment);

    const runs = await buildReconciliationReport(db, today, { origin: sandbox.base });
    expect(runs.map((r) => r.provider).sort()).toEqual(['fawry', 'opay', 'paymob', 'paytabs']);
    expect(await mismatchesOf(lost.order.id)).toEqual(['paid_there']);
    expect(await mismatchesOf(payTabs.order.id)).toEqual(['paid_there']);
    expect(await mismatchesOf(opay.order.id)).toEqual(['paid_there']);
    expect(await mismatchesOf(refundedThere.order.id)).toEqual(['refunded_there']);
    expect(await mismatchesOf(fawry.order.id)).toEqual(['refunded_there']);
    expect(await mismatchesOf(differs.order.id)).toEqual(['amount_differs']);
    expect(await mismatchesOf(agrees.order.id)).toEqual([]);
    const report = await reconciliationOf(db, today);
    expect(report.mismatches.find((m) => m.orderId === refundedThere.order.id)).toMatchObject({
      provider: 'paymob',
      theirRefunded: 5000,
      ourRefunded: 0,
      ourStatus: 'paid',
    });
    expect(report.mismatches.find((m) => m.orderId === differs.order.id)).toMatchObject({
      theirAmount: differs.payment.amount,
      ourAmount: differs.payment.amount - 100,
    });
    const paymobRun = report.runs.find((r) => r.provider === 'paymob')!;
    expect(paymobRun).toMatchObject({ checked: 4, mismatches: 3, unreachable: 0 });
  });

  test('is built once a day per provider (the job may run on every instance); "again" rebuilds it; past days are kept', async () => {
    const before = await reconciliationOf(db, today);
    expect(await buildReconciliationReport(db, today, { origin: sandbox.base })).toEqual([]);
    expect((await reconciliationOf(db, today)).mismatches).toHaveLength(before.mismatches.length);
    const again = await buildReconciliationReport(db, today, { origin: sandbox.base, rerun: true });
    expect(again.length).toBe(4);
    expect((await reconciliationOf(db, today)).mismatches.map((m) => m.id).sort()).not.toEqual(
      before.mismatches.map((m) => m.id).sort(),
    );
    expect((await reconciliationOf(db, today)).mismatches).toHaveLength(before.mismatches.length);
    // Yesterday had no payments: its report exists, empty, beside today's.
    await buildReconciliationReport(db, yesterday(), { origin: sandbox.base });
    expect((await reconciliationOf(db, yesterday())).runs.every((r) => r.checked === 0)).toBe(true);
    expect(await reportedDays(db)).toEqual([today, yesterday()]);
  });

  test('a run whose instance died is taken over once not heard of for a while; a live run is left alone', async () => {
    const before = await reconciliationOf(db, today);
    const paymobMismatches = before.mismatches.filter((m) => m.provider === 'paymob').length;
    expect(paymobMismatches).toBeGreaterThan(0);
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const runOf = (provider: string) =>
      db.updateTable('payment_reconciliations').where('day', '=', today).where('provider', '=', provider);
    // Paymob's run died half way (killed instance): not finished, last heard of past the limit, one mismatch written.
    await runOf('paymob')
      .set({ claim: 'dead', finished_at: null, ran_at: ago(RUN_CLAIM_STALE_MS + 60_000), checked: 1 })
      .execute();
    await db.deleteFrom('payment_mismatches').where('day', '=', today).where('provider', '=', 'paymob').execute();
    const half = before.mismatches.find((m) => m.provider === 'paymob')!;
    await db
      .insertInto('payment_mismatches')
      .values({
        day: today,
        provider: 'paymob',
        payment_id: 0,
        order_id: half.orderId,
        tran_ref: half.tranRef,
        kind: half.kind,
        their_amount: half.theirAmount,
        our_amount: half.ourAmount,
        their_refunded: half.theirRefunded,
        our_refunded: half.ourRefunded,
        their_status: half.theirStatus,
        our_status: half.ourStatus,
      })
      .execute();
    // Fawry's run is still going on another instance: heard of a minute ago.
    await runOf('fawry')
      .set({ claim: 'live', finished_at: null, ran_at: ago(60_000) })
      .execute();

    const runs = await buildReconciliationReport(db, today, { origin: sandbox.base });
    expect(runs.map((r) => r.provider)).toEqual(['paymob']);
    const after = await reconciliationOf(db, today);
    // Rebuilt whole: the dead run's half is gone, nothing twice.
    expect(after.mismatches.filter((m) => m.provider === 'paymob')).toHaveLength(paymobMismatches);
    expect(after.runs.find((r) => r.provider === 'paymob')).toMatchObject({ checked: 4 });
    const rows = await db.selectFrom('payment_reconciliations').selectAll().where('day', '=', today).execute();
    expect(rows.find((r) => r.provider === 'paymob')).toMatchObject({ finished_at: expect.any(String) });
    expect(rows.find((r) => r.provider === 'paymob')!.claim).not.toBe('dead');
    expect(rows.find((r) => r.provider === 'fawry')).toMatchObject({ claim: 'live', finished_at: null });
    expect(after.mismatches.filter((m) => m.provider === 'fawry')).toEqual(
      before.mismatches.filter((m) => m.provider === 'fawry'),
    );
  });

  test('is for finance and the owner: support, operations and content cannot see it', () => {
    expect(can('finance', 'payments.reconcile')).toBe(true);
    expect(can('owner', 'payments.reconcile')).toBe(true);
    for (const role of ['support', 'operations', 'content', 'seller'] as const)
      expect(can(role, 'payments.reconcile')).toBe(false);
  });
});

/** Paymob's signed callback for a payment paid on its page, delivered to the shop; returns Paymob's transaction id. */
async function paidThroughCallback(payment: { id: number; tran_ref: string; reference: string; amount: number }) {
  const answer = await gatewayFor('paymob', sandbox.base)!.inquire!({
    tranRef: payment.tran_ref,
    reference: '',
    currency: 'EGP',
  });
  const signed = paymobCallback(session(payment, 'paymob', answer.transactionId ?? ''), 'approve', sandbox.keys);
  const delivered = await api.api.request(`/api/payments/paymob/callback?${signed.query}`, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body,
  });
  expect(delivered.status).toBe(200);
  expect((await db.selectFrom('payments').select('status').where('id', '=', payment.id).executeTakeFirstOrThrow()).status).toBe(
    'paid',
  );
  return answer.transactionId ?? '';
}

describe('pending payments at PayTabs and OPay', () => {
  test('whose callback never came are found paid through their status queries once they waited the configured time', async () => {
    const card = await startOnlineOrder(api, 'card', 'paytabs');
    const wallet = await startOnlineOrder(api, 'opay', 'opay');
    const declined = await startOnlineOrder(api, 'card', 'paytabs');
    await payAtProvider(card.redirect);
    await payAtProvider(wallet.redirect);
    await payAtProvider(declined.redirect, ['decline']);
    const mine = (found: Awaited<ReturnType<typeof reconcilePendingPayments>>, orderId: number) =>
      found.find((r) => r.orderId === orderId)?.settled.outcome;
    // Too early: nobody is asked.
    const early = await reconcilePendingPayments(db, new Date(), 15 * 60_000, sandbox.base);
    expect(mine(early, card.order.id)).toBeUndefined();
    const found = await reconcilePendingPayments(db, new Date(Date.now() + 16 * 60_000), 15 * 60_000, sandbox.base);
    expect([mine(found, card.order.id), mine(found, wallet.order.id), mine(found, declined.order.id)]).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    const status = (id: number) =>
      db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await status(card.order.id)).toEqual({ status: 'PLACED', payment_status: 'paid' });
    expect(await status(wallet.order.id)).toEqual({ status: 'PLACED', payment_status: 'paid' });
    expect(await status(declined.order.id)).toEqual({ status: 'CANCELED', payment_status: 'failed' });
  });
});
