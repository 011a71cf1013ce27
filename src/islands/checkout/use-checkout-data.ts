import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { loginPath, PAYMENT_ROUTE } from '#lib/checkout-links.ts';
import type { DeliveryTermsView, OrderSummaryView, PaymentMethodView, SavedAddress } from '#lib/orders/views.ts';
import { $addresses } from '#stores/addresses.ts';
import { $checkoutSummary, $paymentMethods, quoteOrder } from '#stores/checkout.ts';
import { $deliveryTerms } from '#stores/delivery-terms.ts';

export interface CheckoutData {
  status: 'loading' | 'ok' | 'failed';
  addresses: SavedAddress[];
  terms: DeliveryTermsView | null;
  methods: PaymentMethodView[];
  /** Staff flagged this shopper for cash on delivery: the list is prepaid only, and the page says why. */
  codBlocked: boolean;
}

/** Sends a guest to /login with routeBack, as the spec's login route expects. */
export const sendToLogin = (locale: Locale) => window.location.assign(loginPath(locale, PAYMENT_ROUTE.name));

/** The shopper's addresses, the delivery terms and the payment methods, from their stores (src/stores). */
export function useCheckoutData(locale: Locale): CheckoutData {
  const addresses = useStore($addresses);
  const terms = useStore($deliveryTerms);
  const methods = useStore($paymentMethods);
  const guest = addresses.status === 'guest';
  useEffect(() => {
    if (guest) sendToLogin(locale);
  }, [guest, locale]);
  const all = [addresses, terms, methods];
  const status = all.every((s) => s.data !== null) ? 'ok' : all.some((s) => s.status === 'failed') ? 'failed' : 'loading';
  return {
    status,
    addresses: addresses.data ?? [],
    terms: terms.data,
    methods: methods.data?.methods ?? [],
    codBlocked: methods.data?.codBlocked === true,
  };
}

export interface SummaryChoice {
  products: { product_id: number; quantity: number }[];
  addressId: number | null;
  governorateId: string;
  coupon: string | null;
  payment: string | null;
  useWallet: boolean;
}

/** The server's summary ($checkoutSummary), asked again whenever a choice changes; the last answer wins. */
export function useSummary(choice: SummaryChoice, enabled: boolean): OrderSummaryView | null {
  const summary = useStore($checkoutSummary);
  const query = new URLSearchParams({ products: JSON.stringify(choice.products) });
  if (choice.addressId !== null) query.set('address_id', String(choice.addressId));
  else if (choice.governorateId) query.set('governorate_id', choice.governorateId);
  if (choice.coupon) query.set('coupon', choice.coupon);
  if (choice.payment) query.set('payment_method', choice.payment);
  if (choice.useWallet) query.set('use_wallet', 'true');
  const key = query.toString();
  useEffect(() => {
    if (enabled && choice.products.length > 0) void quoteOrder(key);
  }, [key, enabled, choice.products.length]);
  return summary;
}
