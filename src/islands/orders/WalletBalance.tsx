import { useEffect, useState } from 'react';
import { formatMoney, formatOrderId, formatSignedMoney } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { orderDate } from '../../lib/orders/views.ts';
import type { OrdersText } from '../checkout/checkout-text.ts';
import { Filled } from '../shared/Filled.tsx';
import { shopperFetch } from '../../stores/shopper-call.ts';

interface Entry {
  id: number;
  amount: number;
  reason: 'order_payment' | 'order_refund' | 'credit';
  order_id: number | null;
  created_at: string;
}

/** The wallet in the profile: the balance (the sum of the ledger) and the latest movements. */
export default function WalletBalance({ locale, text }: { locale: Locale; text: OrdersText['walletBox'] }) {
  const [wallet, setWallet] = useState<{ balance: number; entries: Entry[] } | null>(null);
  useEffect(() => {
    void shopperFetch<{ data: { balance: number; entries: Entry[] } }>('/wallet', { locale }).then((res) => {
      if (res?.ok) setWallet(res.body.data);
    });
  }, [locale]);
  if (!wallet) return null;
  return (
    <section aria-labelledby="wallet-title" className="rounded-xl border border-roast-100 bg-white p-4" data-wallet>
      <h2 id="wallet-title" className="text-lg font-bold">
        {text.title}
      </h2>
      <p className="mt-1">
        {text.balance}:{' '}
        <strong data-wallet-balance>
          <bdi>{formatMoney(wallet.balance, locale)}</bdi>
        </strong>
      </p>
      {wallet.entries.length === 0 ? (
        <p className="mt-2 text-sm text-roast-700">{text.none}</p>
      ) : (
        <ul className="mt-2 divide-y divide-roast-100 text-sm">
          {wallet.entries.slice(0, 5).map((e) => (
            <li key={e.id} className="flex justify-between gap-2 py-1">
              <span>
                <Filled template={text[e.reason]} values={{ id: e.order_id === null ? '' : formatOrderId(e.order_id) }} /> ·{' '}
                {orderDate(e.created_at, locale)}
              </span>
              <bdi>{formatSignedMoney(e.amount, locale)}</bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
