import { afterAll, describe, expect, test } from 'vitest';
import { releaseDueShares, sellerBalances, sellerStatement } from '../../src/core/seller-ledger/server/index.ts';
import { makeCourier } from '../support/cash.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { makeAddress } from '../support/orders.ts';
import { mixedOrder, sellersWithProducts } from '../support/seller-ledger.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Finance pays sellers (issue 40, docs/sellers.md › Money): never more than available, once per key, one of two
 * payouts at the same moment refused (SQLite and PostgreSQL), suspension, adjustments with a reason, statements that
 * close on the ledger, in both languages. Run with DATABASE_URL for PostgreSQL.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const finance = await makeStaff(db, api, 'finance');
const owner = await makeStaff(db, api, 'owner');
const support = await makeStaff(db, api, 'support');
const courierId = await makeCourier(db, 'Payout courier');
const [a, b] = await sellersWithProducts(db, 2, 30_000);
const shopper = await makeShopper(db);
const who = { id: shopper.id, address: (await makeAddress(db, shopper.id)).id };
const later = () => new Date(Date.now() + 15 * 86_400_000);

/** A delivered order with a line of each seller, its shares released (the return window passed). */
async function deliveredAndReleased(quantity = 1) {
  const orderId = await mixedOrder(db, who, [
    { productId: a!.productId, quantity },
    { productId: b!.productId, quantity },
  ]);
  await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
  await releaseDueShares(db, later());
  return orderId;
}

const post = (path: string, body: unknown, cookie = finance.cookie, lang = 'en') =>
  json(`/api/admin${path}?lang=${lang}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const get = (path: string, cookie = finance.cookie) => json(`/api/admin${path}`, { headers: { cookie } });
let keys = 0;
const payout = (amount: number, sellerId = a!.sellerId, key = `payout-key-${++keys}-${Date.now()}`, cookie = finance.cookie) =>
  post(
    `/sellers/${sellerId}/payouts`,
    { amount, method: 'bank_transfer', reference: `TRX-${keys}`, idempotency_key: key },
    cookie,
  );
const payoutCount = async (sellerId: number) =>
  (await db.selectFrom('seller_payouts').select('id').where('seller_id', '=', sellerId).execute()).length;

describe('delivery writes the seller’s share, pending until the return window ends', () => {
  test('a delivered order of two sellers: each is owed its line less the commission, available after the window', async () => {
    const before = await sellerBalances(db, b!.sellerId);
    const orderId = await mixedOrder(db, who, [
      { productId: a!.productId, quantity: 1 },
      { productId: b!.productId, quantity: 2 },
    ]);
    await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
    const lines = await db
      .selectFrom('seller_commission_lines')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.seller_id, l.gross, l.commission, l.seller_share])).toEqual([
      [a!.sellerId, 30_000, 3_000, 27_000],
      [b!.sellerId, 65_000, 6_500, 58_500],
    ]);
    const now = await get(`/sellers/${b!.sellerId}/balance`);
    expect(now.body.data).toMatchObject({ pending: before.pending + 58_500, available: before.available });
    await releaseDueShares(db, later());
    expect((await get(`/sellers/${b!.sellerId}/balance`)).body.data).toMatchObject({
      pending: before.pending,
      available: before.available + 58_500,
    });
  });
});

describe('payouts', () => {
  test('more than available is refused and nothing is paid; the available amount is paid', async () => {
    await deliveredAndReleased();
    const { available } = await sellerBalances(db, a!.sellerId);
    const count = await payoutCount(a!.sellerId);
    const over = await payout(available + 1);
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('cannot be more than the available balance');
    expect(await payoutCount(a!.sellerId)).toBe(count);
    const paid = await payout(available);
    expect(paid.status).toBe(201);
    expect((await sellerBalances(db, a!.sellerId)).available).toBe(0);
  });

  test('the same key twice records one payout and answers the first', async () => {
    await deliveredAndReleased();
    const key = `repeat-${Date.now()}`;
    const first = await payout(10_000, a!.sellerId, key);
    const second = await payout(10_000, a!.sellerId, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await db.selectFrom('seller_payouts').select('id').where('idempotency_key', '=', key).execute()).length).toBe(1);
    // The same key with another amount is not the same payout.
    expect((await payout(20_000, a!.sellerId, key)).status).toBe(409);
  });

  test('two payouts of everything at the same moment: one is paid, the other refused, available never below zero', async () => {
    for (let round = 0; round < 5; round++) {
      await deliveredAndReleased();
      const { available } = await sellerBalances(db, a!.sellerId);
      const answers = await Promise.all([payout(available), payout(available), payout(available)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect((await sellerBalances(db, a!.sellerId)).available).toBe(0);
    }
  });

  test('suspended payouts are refused until resumed; suspending needs a reason', async () => {
    await deliveredAndReleased();
    expect((await post(`/sellers/${a!.sellerId}/payout-suspension`, { suspended: true })).status).toBe(422);
    const suspended = await post(`/sellers/${a!.sellerId}/payout-suspension`, {
      suspended: true,
      reason: 'bank details being checked',
    });
    expect(suspended.body.data.payoutsSuspended).toBe(true);
    expect((await payout(100)).status).toBe(409);
    await post(`/sellers/${a!.sellerId}/payout-suspension`, { suspended: false });
    expect((await payout(100)).status).toBe(201);
  });

  test('a return after release takes the share back from available: a debt, and no payout until it is paid off', async () => {
    const orderId = await deliveredAndReleased();
    const { available } = await sellerBalances(db, b!.sellerId);
    if (available > 0) expect((await payout(available, b!.sellerId)).status).toBe(201);
    const lines = await db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).orderBy('id').execute();
    const returned = await post(`/orders/${orderId}/returned-lines`, { line_ids: [lines[1]!.id], reason: 'damaged in transit' });
    expect(returned.status).toBe(200);
    expect(returned.body.data.refunded).toBe(32_500);
    expect((await sellerBalances(db, b!.sellerId)).available).toBe(-29_250);
    expect((await payout(1, b!.sellerId)).status).toBe(409);
    // Returned once only.
    expect((await post(`/orders/${orderId}/returned-lines`, { line_ids: [lines[1]!.id], reason: 'again' })).status).toBe(409);
  });

  test('an adjustment needs a reason and moves available; every write is in the audit log', async () => {
    const before = await sellerBalances(db, a!.sellerId);
    expect((await post(`/sellers/${a!.sellerId}/adjustments`, { amount: 5_000, reason: '' })).status).toBe(422);
    expect(
      (await post(`/sellers/${a!.sellerId}/adjustments`, { amount: 5_000, reason: 'courier damage compensation' })).status,
    ).toBe(201);
    expect((await sellerBalances(db, a!.sellerId)).available).toBe(before.available + 5_000);
    const actions = await db.selectFrom('audit_log').select('action').where('subject_type', '=', 'seller').execute();
    const names = new Set(actions.map((x) => x.action));
    for (const action of [
      'seller.sale',
      'seller.release',
      'seller.payout',
      'seller.adjustment',
      'seller.payouts_suspend',
      'seller.payouts_resume',
      'seller.reversal',
    ])
      expect(names).toContain(action);
  });
});

describe('who may', () => {
  test('support and operations see no seller money; finance and the owner do', async () => {
    expect((await get(`/sellers/${a!.sellerId}/balance`, support.cookie)).status).toBe(403);
    expect((await payout(100, a!.sellerId, undefined, support.cookie)).status).toBe(403);
    expect((await get('/sellers/balances', owner.cookie)).status).toBe(200);
    const list = await get('/sellers/balances');
    expect(list.body.data.find((s: { sellerId: number }) => s.sellerId === a!.sellerId)).toMatchObject({
      name: expect.any(String),
    });
    expect((await get('/sellers/999999/statement')).status).toBe(404);
  });
});

describe('statements', () => {
  test('opening + lines = closing = the ledger, and the CSV says so in English and in Arabic', async () => {
    const balance = await sellerBalances(db, a!.sellerId);
    const far = '2999-12-31';
    const statement = await get(`/sellers/${a!.sellerId}/statement?from=2000-01-01&to=${far}`);
    const s = statement.body.data;
    expect(s.closing.total).toBe(balance.pending + balance.available);
    expect(s.opening.total).toBe(0);
    const sum = s.lines.reduce((n: number, l: { amount: number }) => n + l.amount, 0);
    expect(s.opening.total + sum).toBe(s.closing.total);
    for (const [lang, header, closing] of [
      ['en', 'Date,Entry,Order,Details,Balance,Amount (EGP),Running balance (EGP)', 'Closing balance'],
      ['ar', 'التاريخ,القيد,الطلب,التفاصيل,الرصيد,المبلغ (ج.م),الرصيد الجاري (ج.م)', 'الرصيد الختامي'],
    ] as const) {
      const res = await api.request(`/api/admin/sellers/${a!.sellerId}/statement.csv?from=2000-01-01&to=${far}&lang=${lang}`, {
        headers: { cookie: finance.cookie },
      });
      expect(res.headers.get('content-type')).toContain('text/csv');
      const text = (await res.text()).replace(/^\uFEFF/, '');
      const rows = text.trim().split('\r\n');
      expect(rows[0]).toBe(header);
      expect(rows.length).toBe(s.lineCount + 3);
      const last = rows[rows.length - 1]!.split(',');
      expect(last[1]).toBe(closing);
      expect(Math.round(Number(last[6]) * 100)).toBe(s.closing.total);
    }
  });

  test('a reason that looks like a formula stays text in the CSV; negative amounts stay numbers', async () => {
    await post(`/sellers/${b!.sellerId}/adjustments`, { amount: -1_250, reason: '=HYPERLINK("http://x", "a, b")' });
    const res = await api.request(`/api/admin/sellers/${b!.sellerId}/statement.csv?from=2000-01-01&to=2999-12-31`, {
      headers: { cookie: finance.cookie },
    });
    const text = await res.text();
    expect(text).toContain(`"'=HYPERLINK(""http://x"", ""a, b"")"`);
    expect(text).toMatch(/,-12\.50,/);
  });

  test('a page at a time: each page starts from the balance the previous one carried forward, the last ends on closing', async () => {
    const period = { from: '2000-01-01', to: '2999-12-31' };
    let page = await sellerStatement(db, a!.sellerId, period, { limit: 3 });
    expect(page.lineCount).toBeGreaterThan(6);
    let seen = page.lines.length;
    while (page.next) {
      const next = await sellerStatement(db, a!.sellerId, period, { after: page.next, limit: 3 });
      expect(next.broughtForward).toBe(page.carriedForward);
      seen += next.lines.length;
      page = next;
    }
    expect(seen).toBe(page.lineCount);
    expect(page.carriedForward).toBe(page.closing.total);
  });
});
