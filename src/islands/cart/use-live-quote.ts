import { useEffect, useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { apiFetch } from '#lib/api-client.ts';
import { reconcile, type CartQuote, type LineNotice } from '#lib/cart-quote.ts';
import { $cart, replaceCart } from '#stores/cart.ts';

export type QuoteStatus = 'loading' | 'ok' | 'failed';

/**
 * Refreshes price, stock and the name in the page's language of every line, once, when the cart page opens or
 * the mini-cart wakes up (the page is static; the cart is the shopper's, perhaps filled in the other language).
 * Returns what changed, per product id, for the lines to show.
 */
export function useLiveQuote(locale: Locale, { enabled = true }: { enabled?: boolean } = {}) {
  const [status, setStatus] = useState<QuoteStatus>('loading');
  const [notices, setNotices] = useState<Record<number, LineNotice[]>>({});
  const [removedCount, setRemovedCount] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const products = $cart.get().cartsProducts.map((line) => ({ product_id: line.product.id, quantity: line.quantity }));
    apiFetch<{ data: CartQuote }>('/cart/quote', { locale, method: 'POST', body: { products } })
      .then((res) => {
        if (!active) return;
        if (!res.ok) return setStatus('failed');
        // Applied to the lines as they are now: the shopper may have clicked while the quote was on its way.
        const result = reconcile($cart.get().cartsProducts, res.body.data);
        replaceCart(result.lines);
        setNotices(result.notices);
        setRemovedCount(result.removed.length);
        setStatus('ok');
      })
      .catch(() => active && setStatus('failed'));
    return () => {
      active = false;
    };
  }, [locale, enabled]);

  return { status, notices, removedCount };
}
