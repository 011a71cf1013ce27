import { sql } from 'kysely';
import type { Locale } from '#i18n/locales.ts';
import type { ProductCard } from '#lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import { toProductCard } from '../catalog/product-mapper.ts';
import { joinedProducts } from '../catalog/joined-products.ts';
import { listProducts } from '../catalog/products.ts';

/** In-stock products on sale, the biggest relative discount first (the home page's offers carousel). */
export async function listOnSale(db: ShopDb, locale: Locale, limit = 10): Promise<ProductCard[]> {
  const rows = await joinedProducts(db)
    .where('p.stock', '>', 0)
    .where('p.before_discount', 'is not', null)
    .whereRef('p.before_discount', '>', 'p.price')
    .orderBy(sql`(p.before_discount - p.price) * 1.0 / p.before_discount`, 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((row) => toProductCard(row, locale));
}

/** The three product carousels of the home page. */
export async function homeCarousels(db: ShopDb, locale: Locale) {
  const [newest, bestRated, onSale] = await Promise.all([
    listProducts(db, { page: 1, per_page: 10, sort: 'newest', in_stock: true }, locale),
    listProducts(db, { page: 1, per_page: 10, sort: 'rating', in_stock: true }, locale),
    listOnSale(db, locale),
  ]);
  return { newest: newest.data, bestRated: bestRated.data, onSale };
}
