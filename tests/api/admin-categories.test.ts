import { afterAll, describe, expect, test } from 'vitest';
import { navigationCategories } from '../../src/server/page-data/navigation.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);
const operator = await makeStaff(db, api, 'operations');
const support = await makeStaff(db, api, 'support');

const send = (method: string, path: string, body: unknown, cookie = operator.cookie, lang = 'en-US') =>
  json(`/api/admin${path}?lang=${lang}`, jsonInit(method, body, cookie));
/** The shop's own category list (GET /api/categories), in a language. */
const shopCategories = async (lang = 'en-US') =>
  (await json(`/api/categories?lang=${lang}`)).body.data as {
    id: number;
    category: string;
    sub_categories: { id: number; sub_category: string }[];
  }[];

describe('categories in the desk', () => {
  test('a sub-category added, renamed and moved up is what the shop and its navbar show; audited', async () => {
    const [first] = await shopCategories();
    const created = await send('POST', '/sub-categories', {
      slug: 'cold-brew-kits',
      name_en: 'Cold brew kits',
      name_ar: 'أدوات القهوة الباردة',
      category_id: first!.id,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    let subs = (await shopCategories()).find((c) => c.id === first!.id)!.sub_categories;
    expect(subs.at(-1)).toEqual({ id, slug: 'cold-brew-kits', sub_category: 'Cold brew kits' });

    expect(
      (
        await send('PUT', `/sub-categories/${id}`, {
          slug: 'cold-brew-kits',
          name_en: 'Cold brew sets',
          name_ar: 'أطقم القهوة الباردة',
        })
      ).status,
    ).toBe(200);
    expect((await send('POST', `/sub-categories/${id}/move`, { direction: 'up' })).status).toBe(200);
    subs = (await shopCategories()).find((c) => c.id === first!.id)!.sub_categories;
    expect(subs.at(-2)).toMatchObject({ id, sub_category: 'Cold brew sets' });
    const arabic = (await shopCategories('ar-SA')).find((c) => c.id === first!.id)!.sub_categories;
    expect(arabic.map((s) => s.sub_category)).toContain('أطقم القهوة الباردة');
    // The navbar's cached categories follow the new catalog version the change announced.
    await expect
      .poll(async () =>
        (await navigationCategories(db, 'en')).find((c) => c.id === first!.id)!.sub_categories.map((s) => s.sub_category),
      )
      .toContain('Cold brew sets');
    const actions = (
      await db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_type', '=', 'sub_category')
        .where('subject_id', '=', String(id))
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['sub_category.create', 'sub_category.update', 'sub_category.move']);
  });

  test('a category moved down changes the navbar order; the first cannot move up', async () => {
    const before = (await shopCategories()).map((c) => c.id);
    expect((await send('POST', `/categories/${before[0]}/move`, { direction: 'down' })).status).toBe(200);
    expect((await shopCategories()).map((c) => c.id)).toEqual([before[1], before[0], ...before.slice(2)]);
    expect((await send('POST', `/categories/${before[1]}/move`, { direction: 'up' })).status).toBe(200);
    expect((await shopCategories()).map((c) => c.id)).toEqual([before[1], before[0], ...before.slice(2)]);
  });

  test('a short name in use is refused on its field, in the operator’s language; bad names too; support may not', async () => {
    const [first] = await shopCategories();
    const taken = await send(
      'POST',
      '/categories',
      { slug: (await db.selectFrom('categories').select('slug').executeTakeFirstOrThrow()).slug, name_en: 'Tea', name_ar: 'شاي' },
      operator.cookie,
      'ar-SA',
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors.slug).toEqual(['هذا الاسم المختصر مستخدم بالفعل. اختر اسمًا غيره.']);
    const bad = await send('POST', '/categories', { slug: 'Not OK', name_en: 'T', name_ar: '' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name_ar', 'name_en', 'slug']);
    expect(
      (
        await send(
          'POST',
          '/sub-categories',
          { slug: 'x-y', name_en: 'Xy', name_ar: 'سص', category_id: first!.id },
          support.cookie,
        )
      ).status,
    ).toBe(403);
    expect((await shopCategories()).length).toBe(4);
  });
});
