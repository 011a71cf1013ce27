/**
 * $orders: the shopper's orders (GET /orders), newest first. Cancelling replaces that order with the server's answer
 * (and has the wallet read again: a refund may have gone there); ordering again puts the order's lines into the cart.
 */
import { shopperFetch } from '#lib/api-client.ts';
import type { OrderView, ReorderView } from '#lib/orders/views.ts';
import { $cart, replaceCart } from './cart.ts';
import { dataStore } from './shopper-data.ts';
import { walletChanged } from './wallet.ts';

const orders = dataStore<OrderView[]>('/orders');
export const $orders = orders.$store;

/** Cancels an order (a paid one names where its money goes back); the answer's order replaces it in the list. */
export async function cancelOrder(id: number, refundTo?: 'card' | 'wallet') {
  const query = refundTo ? `?refund_to=${refundTo}` : '';
  const res = await shopperFetch<{ data: OrderView }>(`/orders/${id}/cancel${query}`, { method: 'POST' });
  if (res?.ok) {
    const list = orders.current();
    if (list) orders.set(list.map((o) => (o.id === id ? res.body.data : o)));
    void walletChanged();
  }
  return res;
}

/** Orders again: the order's lines at today's price replace the same products in the cart, the others are kept. */
export async function reorder(id: number) {
  const res = await shopperFetch<{ data: ReorderView }>(`/reorder/${id}`, { method: 'POST' });
  if (res?.ok) {
    const ids = new Set(res.body.data.items.map((l) => l.product.id));
    replaceCart([...$cart.get().cartsProducts.filter((l) => !ids.has(l.product.id)), ...res.body.data.items]);
  }
  return res;
}
