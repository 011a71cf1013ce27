import type { ShopDb } from '#server/db/index.ts';
import type { ReportPeriod } from '#lib/reports/report-period.ts';
import { localField } from '#i18n/localized.ts';
import type { Locale } from '#i18n/locales.ts';
import { CODE_FIGURES, METHOD_FIGURES, PROVIDER_FIGURES, type PaymentsReport } from '../report-columns.ts';
import { bothPeriods, bothSums } from './report-sql.ts';
import { ranked } from './ranked.ts';
import { readySummaries } from '#core/reports/server/summary-catch-up.ts';

/**
 * Payments (issue 53): the mix of payment methods over the orders placed in the period (orders, and their totals in
 * piastres; report_order_days), and each provider's payment attempts started in the period (report_payment_days):
 * paid (paid, or paid and refunded since), failed (declined, cancelled, expired: a kiosk code never paid) and still
 * pending. Beside them, the kiosk payment codes (Fawry, Aman, Masary: the attempts that got a bill reference) issued
 * in the period per provider: paid (as above), expired unpaid, and their amounts (the same summary rows).
 */
export async function paymentsReport(db: ShopDb, period: ReportPeriod, locale: Locale): Promise<PaymentsReport> {
  await readySummaries(db);
  const { first, split, last } = bothPeriods(period);
  const [methodRows, names, providerRows] = await Promise.all([
    db
      .selectFrom('report_order_days')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .select(['payment_method', ...bothSums(split, 'placed', 'orders'), ...bothSums(split, 'amount', 'amount')])
      .groupBy('payment_method')
      .execute(),
    db.selectFrom('payment_methods').select(['code', 'name_en', 'name_ar']).execute(),
    db
      .selectFrom('report_payment_days')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .select([
        'provider',
        ...bothSums(split, 'attempts', 'attempts'),
        ...bothSums(split, 'paid', 'paid'),
        ...bothSums(split, 'failed', 'failed'),
        ...bothSums(split, 'pending', 'pending'),
        ...bothSums(split, 'paid_amount', 'paidAmount'),
        ...bothSums(split, 'codes', 'codes'),
        ...bothSums(split, 'codes_paid', 'codesPaid'),
        ...bothSums(split, 'codes_expired', 'codesExpired'),
        ...bothSums(split, 'codes_paid_amount', 'codesPaidAmount'),
        ...bothSums(split, 'codes_expired_amount', 'codesExpiredAmount'),
      ])
      .groupBy('provider')
      .execute(),
  ]);
  const methodName = new Map(names.map((m) => [m.code, localField(locale, m, 'name')]));
  return {
    period,
    methods: ranked(
      methodRows.filter((r) => Number(r.cur_orders) + Number(r.prev_orders) > 0),
      METHOD_FIGURES,
      (r) => String(r['payment_method']),
      (r) => methodName.get(String(r['payment_method'])) ?? String(r['payment_method']),
    ),
    providers: ranked(
      providerRows.filter((r) => Number(r.cur_attempts) + Number(r.prev_attempts) > 0),
      PROVIDER_FIGURES,
      (r) => String(r['provider']),
      (r) => String(r['provider']),
    ),
    codes: ranked(
      providerRows.filter((r) => Number(r.cur_codes) + Number(r.prev_codes) > 0),
      CODE_FIGURES,
      (r) => String(r['provider']),
      (r) => String(r['provider']),
    ),
  };
}
