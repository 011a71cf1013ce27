import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatMoney, formatOrderId } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath, productsPath } from '#i18n/routes.ts';
import { firstMessage } from '#lib/api-client.ts';
import { goToLoginOnce } from '#lib/checkout-links.ts';
import type { ReorderChange } from '#lib/orders/views.ts';
import { showToast } from '#lib/toast-event.ts';
import { $orders, cancelOrder, reorder } from '#stores/orders.ts';
import type { OrdersText } from '../checkout/checkout-text.ts';
import OrderCard from './OrderCard.tsx';
import EmptyArt from '../account/EmptyArt.tsx';
import { Filled } from '../shared/Filled.tsx';
import { useConfirm } from '#kit/Dialog.tsx';

/** /profile/order-history: the shopper's orders with cancel and order-again; an empty state when there are none. */
export default function OrderHistory({
  locale,
  text,
  loadingText,
}: {
  locale: Locale;
  text: OrdersText;
  /** Said while the shopper's data loads (the page's own fallback says the same before hydration). */
  loadingText: string;
}) {
  const { data: orders, status } = useStore($orders);
  const [busy, setBusy] = useState<number | null>(null);
  const [changes, setChanges] = useState<ReorderChange[] | null>(null);
  const h = text.history;
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    if (status === 'guest') goToLoginOnce(locale, 'profile-order-history');
  }, [status, locale]);

  async function cancel(id: number, refundTo?: 'card' | 'wallet') {
    // Cancelling cannot be undone (and may move money), so the shopper says yes to it first.
    const yes = await ask({
      title: <Filled template={h.confirmCancelTitle} values={{ id: formatOrderId(id) }} />,
      text: { card: h.confirmCancelToCardText, wallet: h.confirmCancelToWalletText, none: h.confirmCancelText }[
        refundTo ?? 'none'
      ],
      confirm: refundTo === 'card' ? h.cancelToCard : refundTo === 'wallet' ? h.cancelToWallet : h.confirmCancel,
      keep: h.keepOrder,
    });
    if (!yes) return;
    setBusy(id);
    const res = await cancelOrder(id, refundTo);
    setBusy(null);
    if (res?.ok) showToast(h.cancelled);
    else showToast(firstMessage(res?.body, h.failed), 'error');
  }

  // Each filled value (name, prices, quantities) in its own <bdi>, so they read right inside Arabic sentences.
  const describe = (c: ReorderChange) => {
    const amount = (n?: number) => (c.kind === 'price_changed' ? formatMoney(n ?? 0, locale) : String(n ?? ''));
    const [from, to] = 'from' in c ? [c.from, c.to] : [];
    const template = {
      price_changed: h.priceChanged,
      quantity_lowered: h.quantityLowered,
      out_of_stock: h.outOfStock,
      unavailable: h.unavailable,
    }[c.kind];
    return <Filled template={template} values={{ name: c.name, from: amount(from), to: amount(to) }} />;
  };

  async function orderAgain(id: number) {
    setBusy(id);
    const res = await reorder(id);
    setBusy(null);
    if (!res?.ok) return showToast(firstMessage(res?.body, h.failed), 'error');
    setChanges(res.body.data.changes);
    showToast(h.reordered);
  }

  if (orders === null)
    return (
      <p className="mt-6 text-roast-700" role="status">
        {loadingText}
      </p>
    );
  if (orders.length === 0)
    return (
      <div className="mt-10 text-center" data-orders-empty>
        <EmptyArt kind="orders" />
        <p className="mt-4 text-xl font-semibold">{h.empty}</p>
        <p className="mt-2 text-roast-700">{h.emptyHint}</p>
        <a href={productsPath(locale)} className="mt-6 inline-block rounded-full bg-roast-700 px-6 py-3 font-semibold text-white">
          {text.checkout.continueShopping}
        </a>
      </div>
    );
  return (
    <div className="mt-6 space-y-4">
      {dialog}
      {changes && (
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm" data-reorder-changes>
          <p className="font-semibold">{h.reordered}</p>
          {changes.length > 0 && (
            <ul className="mt-1 list-disc ps-5">
              {changes.map((c, i) => (
                <li key={`${c.kind}-${i}`}>{describe(c)}</li>
              ))}
            </ul>
          )}
          <a className="mt-2 inline-block underline" href={localePath(locale, '/checkout/cart')}>
            {h.goToCart}
          </a>
        </div>
      )}
      <ul className="space-y-4">
        {orders.map((o) => (
          <OrderCard
            key={o.id}
            locale={locale}
            text={text}
            order={o}
            busy={busy === o.id}
            onCancel={(refundTo) => void cancel(o.id, refundTo)}
            onReorder={() => void orderAgain(o.id)}
          />
        ))}
      </ul>
    </div>
  );
}
