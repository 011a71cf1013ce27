import { afterAll, describe, expect, test } from 'vitest';
import { makeCourier } from '../support/cash.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { makeAddress } from '../support/orders.ts';
import { mixedOrder, sellersWithProducts } from '../support/seller-ledger.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The commission rules the desk's screen sets (issue 40, docs/sellers.md › Commission): a scope's rule is replaced by
 * the next save, and a maximum below the minimum is refused on `max_fee` in the reader's language, nothing saved. A
 * scope's rule is removed (audited): the next delivered sale falls to the broader rule, sales already delivered keep
 * their commission; the marketplace's rule cannot be removed, a missing one is 404, and only `sellers.commission` may.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const finance = await makeStaff(db, api, 'finance');
const seller = (await db.selectFrom('sellers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const put = (body: unknown, lang = 'en') =>
  json(`/api/admin/commission-rules?lang=${lang}`, {
    method: 'PUT',
    headers: { cookie: finance.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const ruleOf = async () =>
  (await json('/api/admin/commission-rules', { headers: { cookie: finance.cookie } })).body.data.find(
    (r: { scope: string }) => r.scope === `seller:${seller}`,
  );

test('a maximum below the minimum is refused on its field, in the reader’s language; a save replaces the rule', async () => {
  const percent = { seller_id: seller, category_id: null, kind: 'percent', rate_bp: 1_250 };
  const refused = await put({ ...percent, min_fee: 500, max_fee: 200 }, 'ar');
  expect(refused.status).toBe(422);
  expect(refused.body.errors.max_fee).toEqual(['لا يمكن أن يقل الحد الأقصى عن الحد الأدنى.']);
  expect(await ruleOf()).toBeUndefined();

  expect((await put({ ...percent, min_fee: 500, max_fee: null })).status).toBe(200);
  expect(await ruleOf()).toMatchObject({ kind: 'percent', rateBp: 1_250, minFee: 500, maxFee: null });
  expect((await put({ seller_id: seller, category_id: null, kind: 'flat', flat_fee: 750 })).status).toBe(200);
  expect(await ruleOf()).toMatchObject({ kind: 'flat', flatFee: 750 });
});

describe('removing a scope’s rule', () => {
  const support = makeStaff(db, api, 'support');
  const remove = (query: string, cookie = finance.cookie, lang = 'en') =>
    json(`/api/admin/commission-rules?${query}${query ? '&' : ''}lang=${lang}`, { method: 'DELETE', headers: { cookie } });
  const scopes = async () =>
    (await json('/api/admin/commission-rules', { headers: { cookie: finance.cookie } })).body.data.map(
      (r: { scope: string }) => r.scope,
    );

  test('the next delivered sale falls to the broader rule; the sale before keeps its commission; audited', async () => {
    const [, b] = await sellersWithProducts(db, 2, 30_000);
    const courierId = await makeCourier(db, 'Rule courier');
    const shopper = await makeShopper(db);
    const who = { id: shopper.id, address: (await makeAddress(db, shopper.id)).id };
    const commissionOf = async (orderId: number) =>
      (
        await db
          .selectFrom('seller_commission_lines')
          .select('commission')
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).commission;
    const deliver = async () => {
      const orderId = await mixedOrder(db, who, [{ productId: b!.productId, quantity: 1 }]);
      await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
      return orderId;
    };
    // EGP 10 a line for the seller, EGP 2 a line for its category: the seller's is the more specific.
    expect((await put({ seller_id: b!.sellerId, category_id: null, kind: 'flat', flat_fee: 1_000 })).status).toBe(200);
    expect((await put({ seller_id: null, category_id: b!.categoryId, kind: 'flat', flat_fee: 200 })).status).toBe(200);
    const before = await deliver();
    expect(await commissionOf(before)).toBe(1_000);

    const removed = await remove(`seller_id=${b!.sellerId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.map((r: { scope: string }) => r.scope)).not.toContain(`seller:${b!.sellerId}`);
    expect(await scopes()).toEqual(expect.arrayContaining(['marketplace', `category:${b!.categoryId}`]));

    expect(await commissionOf(await deliver())).toBe(200);
    expect(await commissionOf(before)).toBe(1_000);

    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'commission.rule_remove')
      .where('subject_id', '=', `seller:${b!.sellerId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_role: 'finance', subject_type: 'commission_rule', after_json: null });
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ kind: 'flat', flatFee: 1_000, sellerId: b!.sellerId });

    // Gone already: 404, in the reader's language.
    const again = await remove(`seller_id=${b!.sellerId}`, finance.cookie, 'ar');
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('لا توجد قاعدة لهذا النطاق (ربما حُذفت في هذه الأثناء). أعد تحميل الصفحة.');
    expect((await remove(`seller_id=${b!.sellerId}&category_id=${b!.categoryId}`)).status).toBe(404);
  });

  test('the marketplace’s rule stays: refused with the reason, in both languages', async () => {
    const en = await remove('');
    expect(en.status).toBe(409);
    expect(en.body.message).toBe('The marketplace’s rule cannot be removed: every sale needs a rule. Change it instead.');
    const ar = await remove('', finance.cookie, 'ar');
    expect(ar.status).toBe(409);
    expect(ar.body.message).toBe('لا يمكن حذف قاعدة السوق: كل عملية بيع تحتاج إلى قاعدة. عدّلها بدلًا من حذفها.');
    expect(await scopes()).toContain('marketplace');
  });

  test('a role without sellers.commission is refused (403) and the rule stays', async () => {
    const category = (await db.selectFrom('categories').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    expect((await put({ seller_id: null, category_id: category, kind: 'percent', rate_bp: 900 })).status).toBe(200);
    const refused = await remove(`category_id=${category}`, (await support).cookie);
    expect(refused.status).toBe(403);
    expect(await scopes()).toContain(`category:${category}`);
  });
});
