import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generatedProducts } from '../../src/server/db/seed/generated-products.ts';
import { insertDrafts, taxonomyIds } from '../../src/server/db/seed/seed.ts';
import { catalogSitemapGzip, sitemapIndexXml } from '../../src/server/services/catalog/sitemap.ts';
import { freshDatabase } from '../support/test-db.ts';

const origin = 'https://shop.example';
let database: Awaited<ReturnType<typeof freshDatabase>>;
let ids: Awaited<ReturnType<typeof taxonomyIds>>;
beforeAll(async () => {
  database = await freshDatabase();
  ids = await taxonomyIds(database.db);
  // More products than one chunk holds, so the index has several chunks.
  await database.db.transaction().execute((trx) => insertDrafts(trx, generatedProducts(30_000), ids.subIds, ids.sellerIds));
}, 120_000);
afterAll(() => database.drop());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const chunkXml = async (url: string) =>
  gunzipSync(await catalogSitemapGzip(database.db, origin, Number(/catalog-(\d+)\.xml$/.exec(url)![1]))).toString();

test('the sitemap index lists the pages sitemap and catalog chunks of at most 50,000 URLs covering every product', async () => {
  const index = locs(await sitemapIndexXml(database.db, origin));
  expect(index[0]).toBe(`${origin}/sitemap-pages-0.xml`);
  const chunks = index.filter((u) => u.includes('/sitemap-catalog-'));
  expect(chunks.length).toBeGreaterThan(1);
  let listed = 0;
  for (const chunk of chunks) {
    const urls = locs(await chunkXml(chunk));
    expect(urls.length).toBeLessThanOrEqual(50_000);
    listed += urls.filter((u) => /\/single-product\/\d+$/.test(u)).length;
  }
  const { n } = await database.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(listed).toBe(2 * Number(n));
});

test('a product created after the last publish is in the sitemap at once, with its hreflang pair', async () => {
  const before = locs(await sitemapIndexXml(database.db, origin)).filter((u) => u.includes('/sitemap-catalog-'));
  await chunkXml(before.at(-1)!); // the last chunk is now cached; adding a product must still show
  const [draft] = generatedProducts(1, 900_000);
  await insertDrafts(database.db, [draft!], ids.subIds, ids.sellerIds);
  const { id } = await database.db.selectFrom('products').select('id').where('sku', '=', draft!.sku).executeTakeFirstOrThrow();
  const chunks = locs(await sitemapIndexXml(database.db, origin)).filter((u) => u.includes('/sitemap-catalog-'));
  const xml = await chunkXml(chunks.at(-1)!);
  const entry = new RegExp(`<url><loc>${origin}/en/single-product/${id}</loc>(.*?)</url>`).exec(xml);
  expect(entry?.[1]).toContain(`hreflang="en-EG" href="${origin}/en/single-product/${id}"`);
  expect(entry?.[1]).toContain(`hreflang="ar-EG" href="${origin}/ar/single-product/${id}"`);
  expect(xml).toContain(`<loc>${origin}/ar/single-product/${id}</loc>`);
});

test('every seller page is in the first chunk, and a seller approved since is there at once', async () => {
  const first = async () => chunkXml(`${origin}/sitemap-catalog-0.xml`);
  const sellers = await database.db.selectFrom('sellers').select('id').execute();
  const listed = locs(await first()).filter((u) => /\/seller-profile\/\d+$/.test(u));
  expect(listed).toHaveLength(2 * sellers.length);
  const created = await database.db
    .insertInto('sellers')
    .values({
      slug: 'new-in-sitemap',
      name_en: 'New',
      name_ar: 'جديد',
      description_en: '',
      description_ar: '',
      city_en: '',
      city_ar: '',
      rating: 0,
      logo: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(await first()).toContain(`<loc>${origin}/ar/seller-profile/${created.id}</loc>`);
});

test('every category and sub-category listing is in the first chunk, at its canonical address; a new one at once', async () => {
  const first = async () => chunkXml(`${origin}/sitemap-catalog-0.xml`);
  const sub = await database.db
    .selectFrom('sub_categories')
    .select(['id', 'category_id'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  expect(await first()).toContain(`<loc>${origin}/ar/products?category=${sub.category_id}&amp;subCategory=${sub.id}</loc>`);
  const created = await database.db
    .insertInto('sub_categories')
    .values({ category_id: sub.category_id, slug: 'sitemap-new-shelf', name_en: 'New shelf', name_ar: 'رف جديد', position: 99 })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(await first()).toContain(`<loc>${origin}/en/products?category=${sub.category_id}&amp;subCategory=${created.id}</loc>`);
});
