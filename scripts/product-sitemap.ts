import { sharedDatabase } from '../src/server/db/index.ts';

/**
 * Product pages are rendered on demand (decision 008), so the sitemap integration does not see them: this
 * lists them for its `customPages`, both languages, read from the database at build time.
 */
export async function productSitemapUrls(site: string): Promise<string[]> {
  const { db } = await sharedDatabase();
  const rows = await db.selectFrom('products').select('id').orderBy('id').execute();
  const base = site.replace(/\/+$/, '');
  return ['en', 'ar'].flatMap((locale) => rows.map((row) => `${base}/${locale}/single-product/${row.id}`));
}
