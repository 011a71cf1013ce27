import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { formatMoney } from '../../src/i18n/format.ts';
import { poundsText } from '../../src/lib/money.ts';
import { usePaymentGateways } from '../../src/server/payments/gateways.ts';
import { createSandboxGateway, type SandboxRefund } from '../../src/server/payments/sandbox/sandbox-gateway.ts';
import { orderMoney } from '../../src/core/orders/server/refunds.ts';
import { stubKeys as keys, useStubGateways } from '../support/payment-stub.ts';
import { owedCardRefund } from '../support/refunds.ts';
import { serveApp } from '../support/serve-app.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Finance pays refunds back (issue 22 item 5, docs/back-office-money.md): to the wallet, or to the card through the
 * provider's refund API (here the sandbox gateway on its own port, speaking PayTabs and OPay); full or partial; once,
 * however many staff press "Pay" at the same moment; nothing marked paid when the provider refuses.
 */
const { api, db, json, close } = await testApi();
const faults = { refuseRefunds: false };
const providerRefunds: SandboxRefund[] = [];
let stub: Awaited<ReturnType<typeof serveApp>>;
vi.spyOn(console, 'warn').mockImplementation(() => undefined);

const finance = await makeStaff(db, api, 'finance');
const support = await makeStaff(db, api, 'support');

beforeAll(async () => {
  stub = await serveApp(createSandboxGateway({ keys, publicPath: '', faults, refunds: providerRefunds }));
  useStubGateways(stub.base);
});
beforeEach(() => {
  faults.refuseRefunds = false;
});
afterAll(async () => {
  usePaymentGateways(undefined);
  await stub.close();
  await close();
});

const pay = (refundId: number, body: unknown, cookie = finance.cookie, lang = 'en-US') =>
  json(`/api/admin/refunds/${refundId}/pay?lang=${lang}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const refundsOf = (orderId: number) =>
  db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const paymentStatus = async (id: number) =>
  (await db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const orderPaymentStatus = async (id: number) =>
  (await db.selectFrom('orders').select('payment_status').where('id', '=', id).executeTakeFirstOrThrow()).payment_status;
const ledgerOf = (userId: number) =>
  db.selectFrom('wallet_ledger').select(['amount', 'reason', 'order_id']).where('user_id', '=', userId).execute();
const balancedMoney = async (orderId: number) => {
  const money = await orderMoney(db, orderId);
  expect(money.received).toBe(money.refunded + money.kept);
};

describe('the refunds list', () => {
  test('shows what is owed with order, shopper, amount, destination, reason and since; paid ones apart', async () => {
    const owed = await owedCardRefund(db, json);
    const list = await json('/api/admin/refunds?status=owed', { headers: { cookie: support.cookie } });
    expect(list.status).toBe(200);
    const row = list.body.data.rows.find((r: { id: number }) => r.id === owed.refundId);
    expect(row).toMatchObject({
      orderId: owed.orderId,
      shopper: { id: owed.shopper.id, name: 'Test Shopper' },
      amount: owed.amount,
      destination: 'card',
      reason: 'cancelled',
      status: 'owed',
      hasPayment: true,
    });
    expect(row.since).toMatch(/^\d{4}-/);
    const paid = await json('/api/admin/refunds?status=paid', { headers: { cookie: support.cookie } });
    expect(paid.body.data.rows.map((r: { id: number }) => r.id)).not.toContain(owed.refundId);
  });
});

describe('paying a refund', () => {
  test('to the wallet: the ledger is credited, the refund paid, the payment and the order refunded, audited', async () => {
    const owed = await owedCardRefund(db, json);
    const res = await pay(owed.refundId, { destination: 'wallet', reason: 'Shopper asked for store credit' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: owed.refundId, amount: owed.amount, destination: 'wallet', remaining: 0 });
    expect(await ledgerOf(owed.shopper.id)).toEqual([{ amount: owed.amount, reason: 'order_refund', order_id: owed.orderId }]);
    expect(await refundsOf(owed.orderId)).toMatchObject([{ status: 'paid', destination: 'wallet', staff_id: finance.id }]);
    expect(await paymentStatus(owed.paymentId)).toBe('refunded');
    expect(await orderPaymentStatus(owed.orderId)).toBe('refunded');
    await balancedMoney(owed.orderId);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'refund.pay')
      .where('subject_id', '=', String(owed.orderId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: finance.id, subject_type: 'order', reason: 'Shopper asked for store credit' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ amount: owed.amount, destination: 'wallet', provider_ref: null });
    // The shopper's order shows it refunded to the wallet.
    const seen = await json(`/api/orders/${owed.orderId}`, { headers: owed.shopper.headers });
    expect(seen.body.data).toMatchObject({
      payment_status: 'refunded',
      refunds: [{ amount: owed.amount, destination: 'wallet', status: 'paid' }],
    });
  });

  test('to the card through the provider: asked once with the original transaction, its reference recorded', async () => {
    const owed = await owedCardRefund(db, json);
    const before = providerRefunds.length;
    const res = await pay(owed.refundId, { destination: 'card' });
    expect(res.status).toBe(200);
    expect(providerRefunds.length).toBe(before + 1);
    const asked = providerRefunds.at(-1)!;
    expect(asked).toMatchObject({
      protocol: 'paytabs',
      original: owed.tranRef,
      amount: owed.amount,
      reference: `BB-RF${owed.refundId}-${owed.amount}`,
    });
    expect(res.body.data.providerRef).toBe(asked.refundRef);
    expect(await refundsOf(owed.orderId)).toMatchObject([{ status: 'paid', destination: 'card', provider_ref: asked.refundRef }]);
    expect(await paymentStatus(owed.paymentId)).toBe('refunded');
    expect(await ledgerOf(owed.shopper.id)).toEqual([]);
    const audit = await db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'refund.pay')
      .where('subject_id', '=', String(owed.orderId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ destination: 'card', provider_ref: asked.refundRef });
    const seen = await json(`/api/orders/${owed.orderId}`, { headers: owed.shopper.headers });
    expect(seen.body.data.refunds).toEqual([{ amount: owed.amount, destination: 'card', status: 'paid' }]);
  });

  test('to an OPay payment through OPay’s refund API (signed request), with the payment’s reference', async () => {
    const owed = await owedCardRefund(db, json, { provider: 'opay' });
    const res = await pay(owed.refundId, { destination: 'card' });
    expect(res.status).toBe(200);
    expect(providerRefunds.at(-1)).toMatchObject({ protocol: 'opay', original: owed.reference, amount: owed.amount });
  });

  test('the provider refuses: nothing is paid, the refund stays owed, and the 502 says so in the reader’s language', async () => {
    const owed = await owedCardRefund(db, json);
    faults.refuseRefunds = true;
    const before = providerRefunds.length;
    const en = await pay(owed.refundId, { destination: 'card' });
    expect(en.status).toBe(502);
    expect(en.body.message).toBe(
      'The payment provider refused the refund, so nothing was paid. Try again later, or pay it to the wallet.',
    );
    const ar = await pay(owed.refundId, { destination: 'card' }, finance.cookie, 'ar-SA');
    expect(ar.status).toBe(502);
    expect(ar.body.message).toBe('رفض مزوّد الدفع الاسترداد، فلم يُردّ شيء. حاول لاحقًا أو ردّ المبلغ إلى المحفظة.');
    expect(providerRefunds.length).toBe(before);
    expect(await refundsOf(owed.orderId)).toMatchObject([
      { status: 'owed', amount: owed.amount, claimed_at: null, provider_ref: null },
    ]);
    expect(await paymentStatus(owed.paymentId)).toBe('refund_due');
    expect(
      await db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'refund.pay')
        .where('subject_id', '=', String(owed.orderId))
        .execute(),
    ).toEqual([]);
    // Once the provider takes it again, the same refund is paid.
    faults.refuseRefunds = false;
    expect((await pay(owed.refundId, { destination: 'card' })).status).toBe(200);
  });

  test('partial: the paid part is split off, the rest stays owed; money in = refunded + kept throughout', async () => {
    const owed = await owedCardRefund(db, json, { price: 60000 });
    const first = await pay(owed.refundId, { destination: 'card', amount: 10050 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ amount: 10050, remaining: owed.amount - 10050 });
    expect(first.body.data.id).not.toBe(owed.refundId);
    expect(providerRefunds.at(-1)).toMatchObject({ amount: 10050 });
    expect(await refundsOf(owed.orderId)).toMatchObject([
      { id: owed.refundId, status: 'owed', amount: owed.amount - 10050, payment_id: owed.paymentId },
      { status: 'paid', amount: 10050, destination: 'card', split_from: owed.refundId, payment_id: null },
    ]);
    expect(await paymentStatus(owed.paymentId)).toBe('refund_due');
    await balancedMoney(owed.orderId);

    const tooMuch = await pay(owed.refundId, { destination: 'wallet', amount: 10_000_000 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(`A refund cannot be more than what is owed (EGP ${poundsText(owed.amount - 10050)}).`);

    const rest = await pay(owed.refundId, { destination: 'wallet' });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ id: owed.refundId, amount: owed.amount - 10050, remaining: 0 });
    expect(await paymentStatus(owed.paymentId)).toBe('refunded');
    expect(await orderPaymentStatus(owed.orderId)).toBe('refunded');
    await balancedMoney(owed.orderId);
    const seen = await json(`/api/orders/${owed.orderId}`, { headers: owed.shopper.headers });
    expect(seen.body.data.refunds).toEqual([
      { amount: owed.amount - 10050, destination: 'wallet', status: 'paid' },
      { amount: 10050, destination: 'card', status: 'paid' },
    ]);
  });

  test('two finance staff paying the same refund at once: paid once, the other told it is no longer owed', async () => {
    const second = await makeStaff(db, api, 'finance');
    for (const destination of ['card', 'wallet'] as const) {
      const owed = await owedCardRefund(db, json);
      const before = providerRefunds.length;
      const answers = await Promise.all([
        pay(owed.refundId, { destination }),
        pay(owed.refundId, { destination }, second.cookie),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/no longer owed/);
      expect(providerRefunds.length).toBe(before + (destination === 'card' ? 1 : 0));
      expect(await ledgerOf(owed.shopper.id)).toHaveLength(destination === 'wallet' ? 1 : 0);
      expect(await refundsOf(owed.orderId)).toMatchObject([{ status: 'paid', amount: owed.amount }]);
      await balancedMoney(owed.orderId);
    }
  });

  test('a refund already paid, or unknown, is refused; a body without a destination is a field error', async () => {
    const owed = await owedCardRefund(db, json);
    expect((await pay(owed.refundId, { destination: 'wallet' })).status).toBe(200);
    const again = await pay(owed.refundId, { destination: 'wallet' });
    expect(again.status).toBe(409);
    expect((await pay(999_999, { destination: 'wallet' })).status).toBe(404);
    const bad = await pay(owed.refundId, { amount: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['destination', 'amount']));
    expect(formatMoney(owed.amount, 'en')).toContain('EGP');
  });
});
