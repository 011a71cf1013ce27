import { sharedDatabase } from '../src/server/db/index.ts';

/**
 * Product pages and the sellers directory are rendered on demand (decision 008), so the sitemap integration
 * does not see them: this lists them for its `customPages`, both languages, read from the database at build time.
 */
export async function onDemandSitemapUrls(site: string): Promise<string[]> {
  const { db } = await sharedDatabase();
  const rows = await db.selectFrom('products').select('id').orderBy('id').execute();
  const base = site.replace(/\/+$/, '');
  // The sellers directory is on demand too (its search stays on the page); its plain address is listed.
  return ['en', 'ar'].flatMap((locale) => [
    `${base}/${locale}/seller-profile`,
    ...rows.map((row) => `${base}/${locale}/single-product/${row.id}`),
  ]);
}
