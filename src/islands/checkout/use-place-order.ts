import { useActionState, useRef } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { firstMessage } from '#lib/api-client.ts';
import type { PaymentMethodView } from '#lib/orders/views.ts';
import { reloadAddresses } from '#stores/addresses.ts';
import { resetCart } from '#stores/cart.ts';
import { shopperFetch } from '#lib/api-client.ts';
import type { OrdersText } from './checkout-text.ts';
import { sendToLogin } from './use-checkout-data.ts';

/**
 * What the order and the payment's start carry for the payment (the wallet's number: the order checks it before
 * anything is placed), and where the API's per-field refusals go.
 */
export interface PaymentStart {
  extra: () => Record<string, unknown>;
  onFieldErrors: (errors: Record<string, string[]>) => void;
}

/**
 * Places the order and, for a method paid online, starts its hosted payment and sends the browser there. The cart
 * is emptied only for cash on delivery and wallet orders; an online order empties it once its payment is verified
 * (the success page), so a declined card never costs the shopper their cart.
 */
export function usePlaceOrder(
  locale: Locale,
  text: OrdersText,
  check: () => string | null,
  body: () => Record<string, unknown>,
  payment?: PaymentStart,
) {
  // One key per attempt: a double click or a retry after a lost answer places one order.
  const attemptKey = useRef(crypto.randomUUID());
  return useActionState(async (_previous: string | null, method: PaymentMethodView | undefined): Promise<string | null> => {
    const problem = check();
    if (problem) return problem;
    const payload = { ...body(), ...payment?.extra() };
    const res = await shopperFetch<{ data: { id: number } }>('/orders', {
      locale,
      method: 'POST',
      body: payload,
      headers: { 'Idempotency-Key': attemptKey.current },
    });
    if (!res) {
      sendToLogin(locale);
      return null;
    }
    attemptKey.current = crypto.randomUUID();
    payment?.onFieldErrors(res.problem?.errors ?? {});
    if (!res.ok) return firstMessage(res.body, text.history.failed);
    const orderId = res.body.data.id;
    if (method?.gateway) {
      const started = await shopperFetch<{ data: { redirect_url: string } }>(`/payments/${method.gateway}`, {
        locale,
        method: 'POST',
        body: { order_id: orderId, ...payment?.extra() },
      });
      if (started?.ok) {
        window.location.assign(started.body.data.redirect_url);
        // Stay "pending" until the browser leaves: the button keeps saying where it is going.
        return new Promise<never>(() => undefined);
      }
      // The provider could not be reached: the waiting order gives its stock back now, not after the timeout.
      await shopperFetch(`/orders/${orderId}/cancel`, { locale, method: 'POST' });
      // An address typed in joined the address book with the order: the address step shows it saved now.
      if ('address' in payload) void reloadAddresses();
      payment?.onFieldErrors(started?.problem?.errors ?? {});
      return firstMessage(started?.body, text.history.failed);
    }
    resetCart();
    window.location.assign(`${localePath(locale, '/checkout/success')}?order=${orderId}`);
    return null;
  }, null);
}
