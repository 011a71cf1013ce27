import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import type { SummaryItem } from '#lib/orders/views.ts';

/**
 * A line's amount at the price the shopper pays (it adds up to the subtotal); a sale line also shows its list
 * amount struck through, named for screen readers, which do not announce <del>.
 */
export default function ItemAmount({ item, locale, listLabel }: { item: SummaryItem; locale: Locale; listLabel: string }) {
  const list = item.beforeDiscount !== null && item.beforeDiscount > item.price ? item.beforeDiscount * item.quantity : null;
  return (
    <span className="flex shrink-0 flex-col items-end text-end">
      {list !== null && (
        <del className="text-xs text-roast-700">
          <span className="sr-only">{listLabel}: </span>
          <bdi>{formatMoney(list, locale)}</bdi>
        </del>
      )}
      <bdi data-line-amount>{formatMoney(item.total, locale)}</bdi>
    </span>
  );
}
