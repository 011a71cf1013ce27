import { useEffect, useState } from 'react';
import { formatMoney, formatOrderId } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localePath, productsPath } from '../../i18n/routes.ts';
import { firstMessage } from '../../lib/api-client.ts';
import type { CartLine } from '../../lib/cart-math.ts';
import { goToLoginOnce } from '../../lib/checkout-links.ts';
import type { OrderView } from '../../lib/orders/views.ts';
import { showToast } from '../../lib/toast-event.ts';
import { $cart, replaceCart } from '../../stores/cart.ts';
import type { OrdersText } from '../checkout/checkout-text.ts';
import { shopperFetch } from '../../lib/api-client.ts';
import OrderCard from './OrderCard.tsx';
import EmptyArt from '../account/EmptyArt.tsx';
import { Filled } from '../shared/Filled.tsx';
import { useConfirm } from '../shared/ConfirmDialog.tsx';

type Change = {
  name: string;
  kind: 'price_changed' | 'quantity_lowered' | 'out_of_stock' | 'unavailable';
  from?: number;
  to?: number;
};

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
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [changes, setChanges] = useState<Change[] | null>(null);
  const h = text.history;
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    void shopperFetch<{ data: OrderView[] }>('/orders', { locale }).then((res) => {
      if (!res || res.status === 401) return goToLoginOnce(locale, 'profile-order-history');
      if (res.ok) setOrders(res.body.data);
    });
  }, [locale]);

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
    const query = refundTo ? `?refund_to=${refundTo}` : '';
    const res = await shopperFetch<{ data: OrderView }>(`/orders/${id}/cancel${query}`, { locale, method: 'POST' });
    setBusy(null);
    if (res?.ok) {
      setOrders((list) => list?.map((o) => (o.id === id ? res.body.data : o)) ?? null);
      showToast(h.cancelled);
    } else showToast(firstMessage(res?.body, h.failed), 'error');
  }

  // Each filled value (name, prices, quantities) in its own <bdi>, so they read right inside Arabic sentences.
  const describe = (c: Change) => {
    const amount = (n?: number) => (c.kind === 'price_changed' ? formatMoney(n ?? 0, locale) : String(n ?? ''));
    const template = {
      price_changed: h.priceChanged,
      quantity_lowered: h.quantityLowered,
      out_of_stock: h.outOfStock,
      unavailable: h.unavailable,
    }[c.kind];
    return <Filled template={template} values={{ name: c.name, from: amount(c.from), to: amount(c.to) }} />;
  };

  async function reorder(id: number) {
    setBusy(id);
    const res = await shopperFetch<{ data: { items: CartLine[]; changes: Change[] } }>(`/reorder/${id}`, {
      locale,
      method: 'POST',
    });
    setBusy(null);
    if (!res?.ok) return showToast(firstMessage(res?.body, h.failed), 'error');
    const ids = new Set(res.body.data.items.map((l) => l.product.id));
    replaceCart([...$cart.get().cartsProducts.filter((l) => !ids.has(l.product.id)), ...res.body.data.items]);
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
            onReorder={() => void reorder(o.id)}
          />
        ))}
      </ul>
    </div>
  );
}
