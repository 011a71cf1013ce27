import { sql } from 'kysely';
import type { ShopDb } from '#server/db/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { localField } from '#i18n/localized.ts';
import { variantName } from '#lib/catalog/variant-name.ts';
import { periodInstants, previousPeriod, type ReportGrouping, type ReportPeriod } from '#lib/reports/report-period.ts';
import { compareByBucket, zeros } from '#lib/reports/report-views.ts';
import { PRODUCT_FIGURES, SELLER_FIGURES, type SellerReport } from '../seller-report-columns.ts';
import { readySummaries } from '#core/reports/server/summary-catch-up.ts';

/**
 * One seller's report (issue 53): every query is scoped by the seller id of the session (the caller passes it; the
 * address never names a seller). From its commission lines, by when the ledger wrote them (delivery, a return),
 * summed per Cairo day and product in report_seller_days (src/core/reports/order-contribution.ts): sales = the sale lines' amounts, returns = the reversals' (written negative, shown as given back), commission and
 * earnings = the sums of both kinds (a reversal takes its sale's back: what the statement credits); payouts by date.
 * Each query reads the seller's range of the summary; names are read for the top ten alone.
 */
export const TOP_PRODUCTS = 10;

export async function sellerReport(
  db: ShopDb,
  sellerId: number,
  period: ReportPeriod,
  by: ReportGrouping,
  locale: Locale,
): Promise<SellerReport> {
  await readySummaries(db);
  const first = previousPeriod(period).from;
  const split = period.from;
  const { start, end } = periodInstants({ from: first, to: period.to });
  const sum = (column: 'sales' | 'units' | 'returns' | 'commission' | 'earnings') =>
    sql<number>`coalesce(sum(${sql.ref(column)}), 0)`.as(column);
  const both = (column: 'sales' | 'units') => [
    sql<number>`coalesce(sum(case when day >= ${split} then ${sql.ref(column)} else 0 end), 0)`.as(`cur_${column}`),
    sql<number>`coalesce(sum(case when day < ${split} then ${sql.ref(column)} else 0 end), 0)`.as(`prev_${column}`),
  ];
  const mine = db
    .selectFrom('report_seller_days')
    .where('seller_id', '=', sellerId)
    .where('day', '>=', first)
    .where('day', '<=', period.to);
  const [lines, payouts, products] = await Promise.all([
    mine
      .select(['day', sum('sales'), sum('units'), sum('returns'), sum('commission'), sum('earnings')])
      .groupBy('day')
      .execute(),
    db
      .selectFrom('seller_payouts as p')
      .where('p.seller_id', '=', sellerId)
      .where('p.created_at', '>=', start)
      .where('p.created_at', '<', end)
      .select([sql<string>`substr(p.created_at, 1, 13)`.as('hour'), sql<number>`coalesce(sum(p.amount), 0)`.as('payouts')])
      .groupBy(sql`substr(p.created_at, 1, 13)`)
      .execute(),
    mine
      .select(['product_id', ...both('sales'), ...both('units')])
      .groupBy('product_id')
      .having(sql<boolean>`sum(units) > 0`)
      .orderBy('cur_sales', 'desc')
      .orderBy('product_id')
      .limit(TOP_PRODUCTS)
      .execute(),
  ]);
  const over = compareByBucket([...lines, ...payouts], SELLER_FIGURES, period, by);
  const ids = products.map((p) => p.product_id);
  const names = ids.length
    ? await db
        .selectFrom('products')
        .select(['id', 'name_en', 'name_ar', 'variant_label_en', 'variant_label_ar'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const name = new Map(
    names.map((p) => [p.id, variantName(localField(locale, p, 'name'), localField(locale, p, 'variant_label'))]),
  );
  return {
    period,
    over,
    products: products.map((p) => {
      const current = zeros(PRODUCT_FIGURES);
      const previous = zeros(PRODUCT_FIGURES);
      current.sales = Number(p.cur_sales);
      current.units = Number(p.cur_units);
      previous.sales = Number(p.prev_sales);
      previous.units = Number(p.prev_units);
      return { key: String(p.product_id), name: name.get(p.product_id) ?? `#${p.product_id}`, current, previous };
    }),
  };
}
