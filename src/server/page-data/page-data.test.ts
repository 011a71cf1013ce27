import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDatabase } from '#tests/support/test-db.ts';
import { parseListing } from '#lib/catalog/listing-url.ts';
import { loadListing } from './listing.ts';
import { navigationCategories } from './navigation.ts';
import { loadSellerDirectory } from './seller-directory.ts';
import { loadSellerPage } from './seller-page.ts';

/** The loaders pages call, each on a fresh seeded database (SQLite, or PostgreSQL with DATABASE_URL). */
let handle: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(() => handle.drop());

describe('navigationCategories', () => {
  test('the four categories with their sub-categories, in the page language', async () => {
    const en = await navigationCategories(handle.db, 'en');
    expect(en.map((c) => c.category)).toEqual(['Coffee', 'Equipment', 'Accessories', 'Specialty items']);
    expect(en[0]!.sub_categories.map((s) => s.sub_category)).toContain('Turkish coffee');
    const ar = await navigationCategories(handle.db, 'ar');
    expect(ar[0]!.category).toBe('قهوة');
  });

  test('"All {category}": the Arabic name takes its article ("كل القهوة", not "كل قهوة"), or stays plain without one', async () => {
    const ar = await navigationCategories(handle.db, 'ar');
    expect(ar.map((c) => c.allLabel)).toEqual(['كل القهوة', 'كل المعدات', 'كل الإكسسوارات', 'كل المنتجات المميزة']);
    const en = await navigationCategories(handle.db, 'en');
    expect(en[0]!.allLabel).toBe('All Coffee');
    const other = await freshDatabase();
    try {
      await other.db
        .updateTable('categories')
        .set({ name_ar: 'شاي', name_ar_definite: null })
        .where('slug', '=', 'coffee')
        .execute();
      expect((await navigationCategories(other.db, 'ar'))[0]!.allLabel).toBe('كل شاي');
    } finally {
      await other.drop();
    }
  });

  test('kept per database: another database gets its own categories', async () => {
    const other = await freshDatabase();
    try {
      await other.db.updateTable('categories').set({ name_en: 'Beans' }).where('slug', '=', 'coffee').execute();
      expect((await navigationCategories(other.db, 'en'))[0]!.category).toBe('Beans');
      expect((await navigationCategories(handle.db, 'en'))[0]!.category).toBe('Coffee');
    } finally {
      await other.drop();
    }
  });
});

describe('loadListing', () => {
  test('a category listing: its products, crumbs, title and filters', async () => {
    const [coffee] = await navigationCategories(handle.db, 'en');
    const view = await loadListing(handle.db, 'en', parseListing(new URLSearchParams({ category: String(coffee!.id) })));
    expect(view.status).toBe(200);
    expect(view.title).toBe('Coffee');
    expect(view.crumbs.map((c) => c.name)).toEqual(['Home', 'Products', 'Coffee']);
    expect(view.result.meta.total).toBeGreaterThan(0);
    expect(view.result.data.every((p) => p.category.id === coffee!.id)).toBe(true);
    expect(view.definitions.map((d) => d.key)).toContain('seller');
  });

  test('an unknown category is a 404 with no products; a stray sub-category is dropped', async () => {
    const unknown = await loadListing(handle.db, 'en', parseListing(new URLSearchParams({ category: '999' })));
    expect(unknown.status).toBe(404);
    expect(unknown.result.data).toEqual([]);
    const [coffee, equipment] = await navigationCategories(handle.db, 'en');
    const stray = await loadListing(
      handle.db,
      'en',
      parseListing(new URLSearchParams({ category: String(coffee!.id), subCategory: String(equipment!.sub_categories[0]!.id) })),
    );
    expect(stray.status).toBe(200);
    expect(stray.query.subCategory).toBeUndefined();
    expect(stray.title).toBe('Coffee');
  });

  test('a search names what was searched, in Arabic too', async () => {
    const view = await loadListing(handle.db, 'ar', parseListing(new URLSearchParams({ query: 'قهوة' })));
    expect(view.title).toContain('قهوة');
    expect(view.result.meta.total).toBeGreaterThan(0);
  });
});

describe('loadSellerPage', () => {
  test('a seller with its own products only, and no brand filter to offer', async () => {
    const page = await loadSellerPage(handle.db, 'en', 'nile-roasters', parseListing(new URLSearchParams()));
    expect(page?.seller.name).toBe('Nile Roasters');
    expect(page!.view.result.data.length).toBeGreaterThan(0);
    expect(page!.view.result.data.every((p) => p.seller?.id === page!.seller.id)).toBe(true);
    expect(page!.view.definitions.map((d) => d.key)).not.toContain('seller');
    expect(page!.view.base).toBe(`/seller-profile/${page!.seller.id}`);
  });

  test('an unknown seller is undefined (the page answers 404)', async () => {
    expect(await loadSellerPage(handle.db, 'en', '9999', parseListing(new URLSearchParams()))).toBeUndefined();
  });
});

describe('loadSellerDirectory', () => {
  test('every seller with logo, city, rating and product count, alphabetical', async () => {
    const view = await loadSellerDirectory(handle.db, 'en', null);
    expect(view.sellers).toHaveLength(8);
    const names = view.sellers.map((s) => s.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    const nile = view.sellers.find((s) => s.slug === 'nile-roasters')!;
    expect(nile).toMatchObject({ city: 'New Cairo', logo: expect.any(String) });
    expect(nile.products_count).toBeGreaterThan(0);
    expect(nile.rating).toBeGreaterThan(0);
    // The counts are the products each seller really lists.
    const total = await handle.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(view.sellers.reduce((sum, s) => sum + s.products_count, 0)).toBe(Number(total.n));
  });

  test('searches names and cities in either language, whatever the page language', async () => {
    expect((await loadSellerDirectory(handle.db, 'en', 'nile')).sellers.map((s) => s.slug)).toEqual(['nile-roasters']);
    expect((await loadSellerDirectory(handle.db, 'ar', 'النيل')).sellers.map((s) => s.name)).toEqual(['محمصة النيل']);
    // Written in English on the Arabic page, and with the Arabic letter forms folded (أ/ا).
    expect((await loadSellerDirectory(handle.db, 'ar', 'Alexandria')).sellers.map((s) => s.city)).toEqual(['الإسكندرية']);
    expect((await loadSellerDirectory(handle.db, 'en', 'الاسكندرية')).sellers.map((s) => s.city)).toEqual(['Alexandria']);
  });

  test('no match gives an empty list and keeps the trimmed query to show', async () => {
    const view = await loadSellerDirectory(handle.db, 'en', '  zzzz  ');
    expect(view).toMatchObject({ query: 'zzzz', sellers: [] });
    expect(view.crumbs.map((c) => c.name)).toEqual(['Home', 'Sellers']);
  });
});
