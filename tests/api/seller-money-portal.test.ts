import { afterAll, expect, test } from 'vitest';
import { releaseDueShares, sellerBalances } from '../../src/core/seller-ledger/server/index.ts';
import { makeCourier } from '../support/cash.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { makeAddress } from '../support/orders.ts';
import { signInSellerMember } from '../support/seller.ts';
import { mixedOrder, sellersWithProducts } from '../support/seller-ledger.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The seller's own statement as CSV (issue 40 item 8): it closes on the ledger's balances of the signed-in member's
 * seller, in the member's language; a role without money.read is refused.
 */
const { api, db, close } = await testApi();
afterAll(close);

const [a, b] = await sellersWithProducts(db, 2, 30_000);
const shopper = await makeShopper(db);
const who = { id: shopper.id, address: (await makeAddress(db, shopper.id)).id };
const courierId = await makeCourier(db, 'Portal money courier');
// Two delivered orders of both sellers; the first one's shares released (the return window passed).
for (const release of [true, false]) {
  const orderId = await mixedOrder(db, who, [
    { productId: a!.productId, quantity: 1 },
    { productId: b!.productId, quantity: 2 },
  ]);
  await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
  if (release) await releaseDueShares(db, new Date(Date.now() + 15 * 86_400_000));
}
const financeA = await signInSellerMember(db, api, a!.sellerId, 'finance');

const csv = async (cookie: string, lang: string) =>
  api.request(`/api/seller/statement.csv?from=2000-01-01&to=2999-12-31&lang=${lang}`, { headers: { cookie } });

test.each([
  ['en', 'Closing balance'],
  ['ar', 'الرصيد الختامي'],
])("the CSV (%s) closes on the seller's own balances, and holds none of the other seller's lines", async (lang, closing) => {
  const res = await csv(financeA.cookie, lang);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  const rows = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const last = rows[rows.length - 1]!.split(',');
  expect(last[1]).toBe(closing);
  const { pending, available } = await sellerBalances(db, a!.sellerId);
  expect(pending).toBeGreaterThan(0);
  expect(available).toBeGreaterThan(0);
  expect(Math.round(Number(last[6]) * 100)).toBe(pending + available);
  const other = await sellerBalances(db, b!.sellerId);
  expect(pending + available).not.toBe(other.pending + other.available);
});

test('a role without money.read (catalog, orders) → 403', async () => {
  for (const role of ['catalog', 'orders'] as const) {
    const member = await signInSellerMember(db, api, a!.sellerId, role);
    expect((await csv(member.cookie, 'en')).status, role).toBe(403);
  }
});
