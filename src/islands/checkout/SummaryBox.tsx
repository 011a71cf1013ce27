import { formatMoney, formatSignedMoney } from '#i18n/format.ts';
import { pluralForm } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { paidSubtotal, type OrderSummaryView } from '#lib/orders/views.ts';
import { Filled } from '../shared/Filled.tsx';
import ItemAmount from './ItemAmount.tsx';
import type { OrdersText } from './checkout-text.ts';

/** Step 4: the server's summary — items, subtotal (their sum), delivery (free or an amount), coupon discount, wallet used, total. */
export default function SummaryBox({
  locale,
  text,
  summary,
}: {
  locale: Locale;
  text: OrdersText['checkout'];
  summary: OrderSummaryView | null;
}) {
  const money = (n: number) => <bdi>{formatMoney(n, locale)}</bdi>;
  if (!summary) return null;
  const row = (label: string, value: React.ReactNode, key: string, strong = false) => (
    <div className={`flex justify-between ${strong ? 'border-t border-roast-100 pt-2 text-base font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd data-summary={key}>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="checkout-summary" className="rounded-xl border border-roast-100 bg-white p-4">
      <h2 id="checkout-summary" className="text-lg font-bold">
        {text.summary}
      </h2>
      <ul className="mt-2 divide-y divide-roast-100 text-sm" aria-label={text.items}>
        {summary.items.map((item) => (
          <li key={item.product_id} className="flex justify-between gap-2 py-2">
            <span>
              {item.name} × <bdi>{item.quantity}</bdi>
            </span>
            <ItemAmount item={item} locale={locale} listLabel={text.listPrice} />
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 text-sm">
        {row(text.subtotal, money(paidSubtotal(summary)), 'subtotal')}
        {/* No address or governorate yet: no fee to show, rather than a misleading "Free". */}
        {row(
          text.delivery,
          !summary.delivery ? '—' : summary.Shipping_Fees === 0 ? text.free : money(summary.Shipping_Fees),
          'delivery',
        )}
        {summary.DiscountAmount > 0 &&
          row(text.discount, <bdi>{formatSignedMoney(-summary.DiscountAmount, locale)}</bdi>, 'discount')}
        {summary.walletAmount > 0 && row(text.wallet, <bdi>{formatSignedMoney(-summary.walletAmount, locale)}</bdi>, 'wallet')}
        {row(text.total, money(summary.DiscountedTotal), 'total', true)}
      </dl>
      {summary.delivery && (
        <p className="mt-2 text-sm text-roast-700">
          <Filled
            template={pluralForm(text.estimate, summary.delivery.delivery_days, locale)}
            values={{ count: summary.delivery.delivery_days }}
          />
        </p>
      )}
    </section>
  );
}
