/**
 * $placedOrder: the order the success page names (/checkout/success?order=ID) and its payment as the server sees
 * it. The server believes only the provider's signed callback, so an order paid online is asked again every 1.5 s
 * while its payment is 'awaiting', at most 20 times. Once it is paid the cart is emptied; a paid (or offline) order
 * is reported to the data layer once, even when the page is reloaded.
 */
import { atom } from 'nanostores';
import { shopperFetch } from '#lib/api-client.ts';
import { toItem, track } from '#lib/analytics.ts';
import { toPounds } from '#lib/money.ts';
import type { OrderView } from '#lib/orders/views.ts';
import { resetCart } from './cart.ts';
import { onShopperChange } from './shopper-data.ts';

export const POLL_MS = 1_500;
export const POLL_LIMIT = 20;

export interface PlacedOrderState {
  id: string | null;
  /** The order's payment status; null until the first answer, 'none' for an offline order or no order at all. */
  payment: string | null;
  /** How many answers arrived. */
  tries: number;
  /** A kiosk payment waiting for cash: its code and expiry, and the amount to pay (piastres). */
  paymentCode?: { code: string; expires_at: string; amount: number } | undefined;
}

const nothing: PlacedOrderState = { id: null, payment: null, tries: 0 };
export const $placedOrder = atom<PlacedOrderState>(nothing);

/** The data layer's purchase event, once per order even when the page is reloaded. */
function reportPurchase(order: OrderView) {
  const key = `purchase:${order.id}`;
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  track(
    'purchase',
    order.items.map((i) => toItem(i.product_id, i.name, i.price, i.quantity)),
    { transaction_id: String(order.id), value: toPounds(order.DiscountedTotal), shipping: toPounds(order.Shipping_Fees) },
  );
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** A question is on its way or waiting for its turn. */
let asking = false;
/** Bumped by every question and every stop: an answer to an older question is dropped. */
let round = 0;
let followers = 0;

const stop = () => {
  clearTimeout(timer);
  timer = undefined;
  asking = false;
  round += 1;
};

/** Still to be asked: no answer yet, or the payment still awaited within the limit. */
const unsettled = ({ payment, tries }: PlacedOrderState) => payment === null || (payment === 'awaiting' && tries < POLL_LIMIT);

function ask(id: string) {
  asking = true;
  const mine = ++round;
  void shopperFetch<{ data: OrderView }>(`/orders/${id}`)
    // The network failed: asked again like an order still awaited (one of the 20 tries).
    .catch(() => undefined)
    .then((res) => {
      if (mine !== round) return;
      asking = false;
      const payment = res === undefined ? 'awaiting' : res?.ok ? res.body.data.payment_status : 'none';
      if (payment === 'paid') resetCart();
      if (res?.ok && (payment === 'paid' || payment === 'none')) reportPurchase(res.body.data);
      const code = res?.ok ? res.body.data.payment_code : undefined;
      const next: PlacedOrderState = {
        id,
        payment,
        tries: $placedOrder.get().tries + 1,
        ...(code && res?.ok ? { paymentCode: { ...code, amount: res.body.data.DiscountedTotal } } : {}),
      };
      $placedOrder.set(next);
      if (unsettled(next) && followers > 0) {
        asking = true;
        timer = setTimeout(() => ask(id), POLL_MS);
      }
    });
}

/**
 * Starts following an order (a raw `?order=` value: anything but 1–10 digits is no order) and returns how to stop.
 * Two islands following the same order share one series of requests.
 */
export function followOrder(raw: string): () => void {
  const id = /^\d{1,10}$/.test(raw) ? raw : null;
  followers += 1;
  const now = $placedOrder.get();
  if (now.id !== id || id === null) {
    stop();
    $placedOrder.set(id ? { id, payment: null, tries: 0 } : { id, payment: 'none', tries: 0 });
    if (id) ask(id);
  } else if (!asking && unsettled(now)) ask(id);
  return () => {
    followers -= 1;
    if (followers === 0) stop();
  };
}

onShopperChange(() => {
  stop();
  $placedOrder.set(nothing);
});
