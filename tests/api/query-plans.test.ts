import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProductsQuery } from '../../src/lib/schemas/products-query.ts';
import type { ShopDb } from '../../src/server/db/index.ts';
import { generatedProducts } from '../../src/server/db/seed/generated-products.ts';
import { insertDrafts, taxonomyIds } from '../../src/server/db/seed/seed.ts';
import { loadListing } from '../../src/server/page-data/listing.ts';
import { loadSellerPage } from '../../src/server/page-data/seller-page.ts';
import { loadProductPage } from '../../src/server/services/catalog/product-page.ts';
import { catalogSitemapGzip, sitemapIndexXml } from '../../src/server/services/catalog/sitemap.ts';
import { findProduct, listProducts, listVariants } from '../../src/server/services/catalog/products.ts';
import { freshDatabase } from '../support/test-db.ts';
import { growingSteps, planOf, recordingDb } from '../support/query-plans.ts';

// A catalog big enough that a planner prefers a full scan or a sort whenever no index fits the query (on a few
// hundred rows both engines happily scan): 20,000 generated products beside the demo catalog.
const PRODUCTS = 20_000;

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
  const { subIds, sellerIds } = await taxonomyIds(database.db);
  await database.db.transaction().execute((trx) => insertDrafts(trx, generatedProducts(PRODUCTS), subIds, sellerIds));
  // PostgreSQL's autovacuum would gather statistics and mark pages all-visible (what makes index-only scans cheap)
  // within a minute; the test cannot wait for it. SQLite is left without statistics on purpose: that is how it runs.
  if (database.engine === 'postgres') await sql`vacuum analyze products`.execute(database.db);
}, 120_000);
afterAll(() => database.drop());

const page = (q: Partial<ProductsQuery>): ProductsQuery => ({ page: 7, per_page: 24, ...q });
const listings: Partial<ProductsQuery>[] = [
  {},
  { category: 1 },
  { category: 1, subCategory: 2 },
  { seller: [4] },
  { seller: [1, 4] },
  { category: 2, seller: [1, 4] },
  { category: 3, in_stock: true, min_price: 10_000, max_price: 900_000, rating: 4 },
];
const sorts: ProductsQuery['sort'][] = [undefined, 'newest', 'price_asc', 'price_desc', 'rating'];

/** Each shopper path once to fill the per-version caches (counts, navigation), then once more to record. */
const shopperPaths: [string, (db: ShopDb) => Promise<unknown>][] = [
  ...listings.flatMap((filters) =>
    sorts.map((sort): [string, (db: ShopDb) => Promise<unknown>] => [
      `GET /api/products ${JSON.stringify({ ...filters, sort })}`,
      (db) => listProducts(db, page({ ...filters, sort }), 'en'),
    ]),
  ),
  [
    'listing page, category 2 by price, page 40',
    (db) => loadListing(db, 'ar', page({ category: 2, sort: 'price_desc', page: 40 })),
  ],
  ['seller page, seller 4 by rating', (db) => loadSellerPage(db, 'en', '4', page({ sort: 'rating' }))],
  ['product page (no variants)', (db) => loadProductPage(db, 'en', 5_000)],
  ['product page (with variants)', (db) => loadProductPage(db, 'ar', 1)],
  ['GET /api/products/{slug}', (db) => findProduct(db, 'colombia-huila-250g', 'en')],
  ['GET /api/products/{id}/variants', (db) => listVariants(db, 1, 'en')],
  ['sitemap index and a catalog chunk', (db) => sitemapIndexXml(db, '').then(() => catalogSitemapGzip(db, '', 0))],
];

describe('shopper-path queries on a seeded catalog: no full scan of products, no sort by the database', () => {
  test.each(shopperPaths)('%s', async (_name, run) => {
    const { db, queries } = recordingDb(database.db);
    await run(db);
    queries.length = 0;
    await run(db);
    expect(queries.length).toBeGreaterThan(0);
    // Small tables (categories, sub-categories, sellers) may be scanned and sorted: they do not grow with the catalog.
    for (const query of queries.filter((q) => /\bproducts\b/.test(q.sql))) {
      const plan = await planOf(database.db, database.engine, query);
      expect({ sql: query.sql, growing: growingSteps(database.engine, plan) }).toEqual({ sql: query.sql, growing: [] });
    }
  });

  test('the check itself catches a query no index serves', async () => {
    const { db, queries } = recordingDb(database.db);
    await db
      .selectFrom('products')
      .select('id')
      .where('description_en', 'like', '%washed%')
      .orderBy('name_en')
      .limit(5)
      .execute();
    const plan = await planOf(database.db, database.engine, queries[0]!);
    expect(growingSteps(database.engine, plan).length).toBeGreaterThan(0);
  });
});
