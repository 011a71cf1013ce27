import type { ShopDb } from '#server/db/index.ts';
import type { ReportPeriod } from '#lib/reports/report-period.ts';
import { localField } from '#i18n/localized.ts';
import { variantName } from '#lib/catalog/variant-name.ts';
import type { Locale } from '#i18n/locales.ts';
import { CATALOG_FIGURES, COMMISSION_FIGURES, STOCK_OUT_FIGURES, type CatalogReport } from '../report-columns.ts';
import { bothPeriods, bothSums } from './report-sql.ts';
import { ranked } from './ranked.ts';
import { sql } from 'kysely';
import { cairoDayStart } from '#lib/cairo-day.ts';
import { addDays } from '#lib/reports/report-period.ts';
import { readySummaries } from '#core/reports/server/summary-catch-up.ts';

/**
 * The catalog and the marketplace (issue 53): the products, categories and sellers that carry the shop, by net
 * sales (their lines at the price paid, before the order's coupon) and units, over the lines that stand (not
 * cancelled on their own) of the placed orders that stand (not cancelled or returned) of the period. Top 10 each.
 * Read from report_product_days (the lines' sums per Cairo day and product, src/core/reports/order-contribution.ts);
 * categories and sellers are the sums of their products'. Beside them, the commission each seller earned: its
 * ledger's commission lines (at delivery, taken back by a return) by the day they were written (report_seller_days).
 */
export const TOP = 10;
/** At most this many out-of-stock products are weighed by their sales (the rest are beyond any top 10 that matters). */
const OUT_OF_STOCK_READ = 1_000;

/**
 * Stock-outs, two cheap readings (migration 044's indexes): the products out of stock now (stock ≤ 0, not hidden:
 * products_stock_idx), ranked by what they sold in the period (report_product_days); and the products whose stock
 * reached zero in each period — how many times a stock movement left it at zero or below (stock_movements_out_idx),
 * by the movement's Cairo day. Top 10 each.
 */
async function stockOuts(db: ShopDb, first: string, split: string, last: string) {
  const out = await db
    .selectFrom('products')
    .select(['id', 'name_en', 'name_ar', 'variant_label_en', 'variant_label_ar'])
    .where('stock', '<=', 0)
    .where('hidden', '=', 0)
    .orderBy('stock')
    .orderBy('id')
    .limit(OUT_OF_STOCK_READ)
    .execute();
  const sales = out.length
    ? await db
        .selectFrom('report_product_days')
        .where('day', '>=', first)
        .where('day', '<=', last)
        .where(
          'product_id',
          'in',
          out.map((p) => p.id),
        )
        .select(['product_id as key', ...bothSums(split, 'net', 'net'), ...bothSums(split, 'units', 'units')])
        .groupBy('product_id')
        .execute()
    : [];
  const sold = new Map(sales.map((r) => [Number(r.key), r]));
  const soldOut = await db
    .selectFrom('stock_movements')
    .where('stock_after', '<=', 0)
    .where('created_at', '>=', cairoDayStart(first))
    .where('created_at', '<', cairoDayStart(addDays(last, 1)))
    .select([
      'product_id as key',
      sql<number>`sum(case when created_at >= ${cairoDayStart(split)} then 1 else 0 end)`.as('cur_stockOuts'),
      sql<number>`sum(case when created_at < ${cairoDayStart(split)} then 1 else 0 end)`.as('prev_stockOuts'),
    ])
    .groupBy('product_id')
    .execute();
  return {
    outOfStock: out.map((p) => ({ key: p.id, ...(sold.get(p.id) ?? {}) }) as Sums),
    outNames: out,
    soldOut: soldOut as unknown as Sums[],
  };
}

type Sums = Record<string, unknown> & { key: number };

interface VariantNamed {
  id: number;
  name_en: string;
  name_ar: string;
  variant_label_en: string | null;
  variant_label_ar: string | null;
}

function sumsBy(rows: readonly Sums[], group: (productId: number) => number | undefined): Sums[] {
  const out = new Map<number, Sums>();
  for (const row of rows) {
    const key = group(row.key);
    if (key === undefined) continue;
    const into = out.get(key) ?? { key, cur_net: 0, prev_net: 0, cur_units: 0, prev_units: 0 };
    for (const f of ['cur_net', 'prev_net', 'cur_units', 'prev_units']) into[f] = Number(into[f]) + Number(row[f]);
    out.set(key, into);
  }
  return [...out.values()];
}

const named = (rows: Sums[], names: Map<number, string>) =>
  ranked(
    rows,
    CATALOG_FIGURES,
    (r) => String(r['key']),
    (r) => names.get(Number(r['key'])) ?? `#${String(r['key'])}`,
  ).slice(0, TOP);

export async function catalogReport(db: ShopDb, period: ReportPeriod, locale: Locale): Promise<CatalogReport> {
  await readySummaries(db);
  const { first, split, last } = bothPeriods(period);
  const byProduct = (
    await db
      .selectFrom('report_product_days')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .select(['product_id as key', ...bothSums(split, 'net', 'net'), ...bothSums(split, 'units', 'units')])
      .groupBy('product_id')
      .execute()
  ).filter((r) => Number(r.cur_units) + Number(r.prev_units) > 0) as Sums[];
  // Commission earned: the sellers' ledger lines summed per day and seller (report_seller_days).
  const bySeller = (
    await db
      .selectFrom('report_seller_days')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .select(['seller_id as key', ...bothSums(split, 'commission', 'commission'), ...bothSums(split, 'sales', 'sales')])
      .groupBy('seller_id')
      .execute()
  ).filter((r) => [r.cur_commission, r.prev_commission, r.cur_sales, r.prev_sales].some((v) => Number(v) !== 0));
  const stock = await stockOuts(db, first, split, last);
  const ids = [...new Set([...byProduct.map((r) => Number(r.key)), ...stock.soldOut.map((r) => Number(r.key))])];
  const products = ids.length
    ? await db
        .selectFrom('products')
        .select(['id', 'name_en', 'name_ar', 'variant_label_en', 'variant_label_ar', 'category_id', 'seller_id'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const product = new Map(products.map((p) => [p.id, p]));
  const [categories, sellers] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name_en', 'name_ar']).execute(),
    db.selectFrom('sellers').select(['id', 'name_en', 'name_ar']).execute(),
  ]);
  const nameMap = (rows: { id: number; name_en: string; name_ar: string }[]) =>
    new Map(rows.map((r) => [r.id, localField(locale, r, 'name')]));
  // Variants share their product's name (250 g and 1 kg of one coffee): a product's row says which one it is.
  const productNames = (rows: VariantNamed[]) =>
    new Map(rows.map((r) => [r.id, variantName(localField(locale, r, 'name'), localField(locale, r, 'variant_label'))]));
  // Each map once, not once per ranked row.
  const productName = productNames(products);
  const sellerName = nameMap(sellers);
  return {
    period,
    products: named(byProduct, productName),
    categories: named(
      sumsBy(byProduct, (id) => product.get(id)?.category_id),
      nameMap(categories),
    ),
    sellers: named(
      sumsBy(byProduct, (id) => product.get(id)?.seller_id),
      sellerName,
    ),
    commission: ranked(
      bySeller,
      COMMISSION_FIGURES,
      (r) => String(r['key']),
      (r) => sellerName.get(Number(r['key'])) ?? `#${String(r['key'])}`,
    ).slice(0, TOP),
    outOfStock: named(stock.outOfStock, productNames(stock.outNames)),
    soldOut: ranked(
      stock.soldOut,
      STOCK_OUT_FIGURES,
      (r) => String(r['key']),
      (r) => productName.get(Number(r['key'])) ?? `#${String(r['key'])}`,
    ).slice(0, TOP),
  };
}
