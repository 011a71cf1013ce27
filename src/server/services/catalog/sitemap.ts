import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { locales, regionalTag } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import type { ShopDb } from '../../db/index.ts';
import { escapeMarkup as escapeXml } from '#lib/text.ts';
import { hiddenProductIds, suspendedSellerIds } from './out-of-shop.ts';

/**
 * Products per catalog sitemap chunk: two URLs each (one per language), plus the sellers directory and the seller
 * pages in the first chunk (a marketplace has hundreds of sellers, not thousands), stays under the protocol's 50,000
 * URLs per file.
 */
export const PRODUCTS_PER_CHUNK = 24_000;
/** The pre-rendered pages' sitemap, written by @astrojs/sitemap at build time (astro.config.ts, `filenameBase`). */
export const PAGES_SITEMAP = 'sitemap-pages-0.xml';
export const catalogChunkPath = (chunk: number) => `/sitemap-catalog-${chunk}.xml`;

/**
 * The sitemap index, read from the database on each request (one `max(id)`): the pre-rendered pages' sitemap and
 * one chunk per 24,000 product ids. Chunks are id ranges, so a product keeps its chunk and a new one joins the
 * last chunk (or opens a new one) at once, without a publish.
 */
export async function sitemapIndexXml(db: ShopDb, origin: string): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  const chunks = Math.floor(Number(row?.last ?? 0) / PRODUCTS_PER_CHUNK) + 1;
  const entries = [`/${PAGES_SITEMAP}`, ...Array.from({ length: chunks }, (_, n) => catalogChunkPath(n))];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((path) => `<sitemap><loc>${escapeXml(origin + path)}</loc></sitemap>`),
    '</sitemapindex>',
  ].join('');
}

/** One language pair as `<url>` entries, each naming both versions (hreflang), in time linear in the pairs. */
function pairedUrls(origin: string, path: string): string {
  // hreflang codes as the pages' own alternate links and @astrojs/sitemap write them (regionalTag).
  const alternates = locales
    .map((l) => `<xhtml:link rel="alternate" hreflang="${regionalTag(l)}" href="${escapeXml(origin + localePath(l, path))}"/>`)
    .join('');
  return locales.map((l) => `<url><loc>${escapeXml(origin + localePath(l, path))}</loc>${alternates}</url>`).join('');
}

/** The product ids of one chunk, ascending (a range of the primary key), leaving out suspended sellers' products. */
async function chunkIds(db: ShopDb, chunk: number): Promise<number[]> {
  const [suspended, hidden] = await Promise.all([suspendedSellerIds(db), hiddenProductIds(db)]);
  let query = db
    .selectFrom('products')
    .select('id')
    .where('id', '>', chunk * PRODUCTS_PER_CHUNK)
    .where('id', '<=', (chunk + 1) * PRODUCTS_PER_CHUNK);
  if (suspended.length) query = query.where('seller_id', 'not in', suspended);
  if (hidden.length) query = query.where('id', 'not in', hidden);
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => r.id);
}

const sellerIds = async (db: ShopDb) =>
  (await db.selectFrom('sellers').select('id').where('status', '=', 'active').orderBy('id').execute()).map((r) => r.id);

/** Every category's and sub-category's listing, at the address it is canonical as (the spec's query form). */
async function categoryListings(db: ShopDb): Promise<string[]> {
  const [categories, subs] = await Promise.all([
    db.selectFrom('categories').select('id').orderBy('id').execute(),
    db.selectFrom('sub_categories').select(['id', 'category_id']).orderBy('id').execute(),
  ]);
  return categories.flatMap((c) => [
    `/products?category=${c.id}`,
    ...subs.filter((s) => s.category_id === c.id).map((s) => `/products?category=${c.id}&subCategory=${s.id}`),
  ]);
}

/** One catalog chunk as XML: product pages in both languages (and, in the first, the sellers directory and pages). */
export async function catalogSitemapXml(db: ShopDb, origin: string, chunk: number): Promise<string> {
  const ids = await chunkIds(db, chunk);
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  // The sellers directory and the seller pages are rendered on demand as well: a seller approved in the desk is here at once.
  if (chunk === 0) {
    parts.push(pairedUrls(origin, '/seller-profile'));
    for (const id of await sellerIds(db)) parts.push(pairedUrls(origin, `/seller-profile/${id}`));
    for (const path of await categoryListings(db)) parts.push(pairedUrls(origin, path));
  }
  for (const id of ids) parts.push(pairedUrls(origin, `/single-product/${id}`));
  parts.push('</urlset>');
  return parts.join('');
}

/**
 * What a chunk's content depends on: its ids. Ids only grow (autoincrement, serial), so the count and largest id
 * of the range change with every product added to or removed from it; one index range read, no table rows. The
 * first chunk lists the sellers and the category listings too, so the same of their tables.
 */
async function chunkKey(db: ShopDb, chunk: number): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select([sql<string>`count(*)`.as('n'), sql<string>`max(id)`.as('last')])
    .where('id', '>', chunk * PRODUCTS_PER_CHUNK)
    .where('id', '<=', (chunk + 1) * PRODUCTS_PER_CHUNK)
    .executeTakeFirstOrThrow();
  // A suspension or reinstatement changes which products a chunk lists without changing its ids.
  const suspended = `${(await suspendedSellerIds(db)).join(',')}/${(await hiddenProductIds(db)).join(',')}`;
  if (chunk > 0) return `${row.n}|${row.last}|${suspended}`;
  const [sellers, categories, subs] = await Promise.all(
    (['sellers', 'categories', 'sub_categories'] as const).map((t) =>
      db
        .selectFrom(t)
        .select([sql<string>`count(*)`.as('n'), sql<string>`max(id)`.as('last')])
        .executeTakeFirstOrThrow(),
    ),
  );
  return [row.n, row.last, sellers!.n, sellers!.last, categories!.n, categories!.last, subs!.n, subs!.last, suspended].join('|');
}

/** Gzipped chunks by database and chunk: ~0.5 MB each for 24,000 products instead of 12 MB of text. */
const kept = new WeakMap<ShopDb, Map<string, { key: string; gzip: Buffer }>>();

/** A catalog chunk gzipped, built once per content (its ids) and origin, then served from memory. */
export async function catalogSitemapGzip(db: ShopDb, siteOrigin: string, chunk: number): Promise<Buffer> {
  const key = await chunkKey(db, chunk);
  let chunks = kept.get(db);
  if (!chunks) kept.set(db, (chunks = new Map()));
  const hit = chunks.get(`${siteOrigin}|${chunk}`);
  if (hit?.key === key) return hit.gzip;
  const gzip = gzipSync(await catalogSitemapXml(db, siteOrigin, chunk));
  chunks.set(`${siteOrigin}|${chunk}`, { key, gzip });
  return gzip;
}
