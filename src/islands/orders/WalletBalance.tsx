import { useStore } from '@nanostores/react';
import { formatMoney, formatOrderId, formatSignedMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { orderDate } from '#lib/orders/views.ts';
import { $wallet } from '#stores/wallet.ts';
import type { OrdersText } from '../checkout/checkout-text.ts';
import { Filled } from '../shared/Filled.tsx';

/** The wallet (/profile): the balance (the sum of the ledger) and the latest movements. */
export default function WalletBalance({ locale, text }: { locale: Locale; text: OrdersText['walletBox'] }) {
  const wallet = useStore($wallet).data;
  if (!wallet) return null;
  return (
    // The page's heading names the wallet (/profile, AccountLayout): this draws the balance and the latest movements.
    <div data-wallet>
      <p className="text-lg">
        {text.balance}:{' '}
        <strong data-wallet-balance>
          <bdi>{formatMoney(wallet.balance, locale)}</bdi>
        </strong>
      </p>
      {wallet.entries.length === 0 ? (
        <p className="mt-2 text-sm text-roast-700">{text.none}</p>
      ) : (
        <ul className="mt-4 divide-y divide-roast-100 text-sm">
          {wallet.entries.slice(0, 5).map((e) => (
            <li key={e.id} className="flex justify-between gap-2 py-2">
              <span>
                {/* A staff adjustment is a 'credit' row: taken out when negative (issue 22). */}
                <Filled
                  template={e.reason === 'credit' && e.amount < 0 ? text.debit : text[e.reason]}
                  values={{ id: e.order_id === null ? '' : formatOrderId(e.order_id) }}
                />
                {e.note && <span data-wallet-note>: {e.note}</span>} · {orderDate(e.created_at, locale)}
              </span>
              <bdi className="shrink-0">{formatSignedMoney(e.amount, locale)}</bdi>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
