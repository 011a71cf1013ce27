import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatMoney } from '#i18n/format.ts';
import { pluralForm } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { $deliveryTerms } from '#stores/delivery-terms.ts';
import type { OrdersText } from '../checkout/checkout-text.ts';
import { Filled } from '../shared/Filled.tsx';

/**
 * The cart page's delivery line: fee and estimate for a governorate the shopper picks, free from the threshold kept
 * in the database. An estimate only; checkout prices delivery from the chosen address.
 */
export default function DeliveryEstimate({
  locale,
  text,
  subtotal,
}: {
  locale: Locale;
  text: OrdersText['delivery'];
  subtotal: number;
}) {
  const terms = useStore($deliveryTerms).data;
  const [picked, setPicked] = useState('');
  if (!terms) return null;
  const g = terms.governorates.find((x) => String(x.id) === picked);
  const threshold = terms.free_delivery_threshold;
  const free = threshold !== null && subtotal >= threshold;
  const money = (n: number) => formatMoney(n, locale);
  return (
    <div className="mt-3 border-t border-roast-100 pt-3 text-sm" data-delivery-estimate>
      <label className="block">
        {text.governorate}
        <select
          className="mt-1 block w-full rounded-lg border border-roast-200 px-2 py-1"
          value={picked}
          onChange={(e) => setPicked(e.target.value)}
        >
          <option value="">—</option>
          {terms.governorates.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      {g && (
        <p className="mt-2" data-delivery-fee>
          <Filled template={text.fee} values={{ fee: free ? text.free : money(g.delivery_fee) }} /> ·{' '}
          <Filled template={pluralForm(text.estimate, g.delivery_days, locale)} values={{ count: g.delivery_days }} />
        </p>
      )}
      {threshold !== null && (
        <p className="mt-1 text-roast-700">
          <Filled template={text.freeOver} values={{ amount: money(threshold) }} />
        </p>
      )}
    </div>
  );
}
