import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { formatDateTime, formatMoney, formatNumber, formatOrderId } from '#i18n/format.ts';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import { localePath } from '#i18n/routes.ts';
import type { SellerDashboard as Figures, SellerDashboardFigures, SellerOrderSummary } from './dashboard-view.ts';

/**
 * The portal's dashboard (drawn on the server, no client code): the seller's products in the shop, the orders holding
 * its lines, this month's sales, the parts to prepare (to the orders list), the balances (the ledger's sums), and the
 * latest orders with the seller's own lines only.
 */
export default function SellerDashboard({
  locale,
  t,
  figures,
  money,
}: {
  locale: Locale;
  t: Dictionary;
  figures: Figures;
  money: SellerDashboardFigures;
}) {
  const d = t.seller.dashboard;
  const columns: DeskColumn<SellerOrderSummary>[] = [
    {
      id: 'order',
      label: d.order,
      header: d.order,
      // The whole id is one isolated run: «#» and the digits apart read «2 #» in Arabic.
      cell: ({ row }) => <bdi>{formatOrderId(row.original.orderId)}</bdi>,
    },
    { id: 'placed', label: d.placed, header: d.placed, cell: ({ row }) => formatDateTime(row.original.placedAt, locale) },
    {
      id: 'status',
      label: d.status,
      header: d.status,
      cell: ({ row }) => (t.orders.status as Record<string, string>)[row.original.status] ?? row.original.status,
    },
    {
      id: 'lines',
      label: d.lines,
      header: d.lines,
      align: 'end',
      cell: ({ row }) => (
        <>
          <bdi>{formatNumber(row.original.lines, locale)}</bdi> · <bdi>{formatMoney(row.original.linesTotal, locale)}</bdi>
        </>
      ),
    },
  ];
  const figure = (label: string, value: string, testId: string, hint?: string) => (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <dt className="text-sm text-roast-700">{label}</dt>
      <dd className="text-3xl font-bold" data-testid={testId}>
        <bdi>{value}</bdi>
      </dd>
      {hint && <dd className="text-sm text-roast-700">{hint}</dd>}
    </div>
  );
  const { pending, available } = money.balances;
  const parts = money.partsToPrepare;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        {figure(
          d.balance,
          formatMoney(pending + available, locale),
          'seller-balance',
          interpolateIsolated(d.balanceHint, {
            pending: formatMoney(pending, locale),
            available: formatMoney(available, locale),
          }),
        )}
        {figure(
          d.sales,
          formatMoney(money.sales, locale),
          'seller-sales',
          interpolateIsolated(d.salesHint, { count: formatNumber(money.deliveredLines, locale) }),
        )}
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <dt className="text-sm text-roast-700">
            <a href={localePath(locale, '/seller/orders')} className="underline underline-offset-2">
              {d.toPrepare}
            </a>
          </dt>
          <dd className="text-3xl font-bold" data-testid="seller-to-prepare">
            {formatNumber(parts.new + parts.accepted, locale)}
          </dd>
          <dd className="text-sm text-roast-700">
            {interpolateIsolated(d.toPrepareHint, {
              new: formatNumber(parts.new, locale),
              accepted: formatNumber(parts.accepted, locale),
            })}
          </dd>
        </div>
        {figure(d.products, formatNumber(figures.products, locale), 'seller-products')}
        {figure(d.orders, formatNumber(figures.orders, locale), 'seller-orders')}
      </dl>
      <DataTable caption={d.recent} columns={columns} rows={figures.recent} rowId={(r) => String(r.orderId)} empty={d.empty} />
    </div>
  );
}
