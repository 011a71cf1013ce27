import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { loginPath, PAYMENT_ROUTE } from '../../lib/checkout-links.ts';
import type { DeliveryTermsView, OrderSummaryView, PaymentMethodView, SavedAddress } from '../../lib/orders/views.ts';
import { shopperFetch } from '../../lib/api-client.ts';

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

/** Loads the shopper's addresses, the delivery terms and the payment methods once. */
export function useCheckoutData(locale: Locale): CheckoutData {
  const [data, setData] = useState<CheckoutData>({
    status: 'loading',
    addresses: [],
    terms: null,
    methods: [],
    codBlocked: false,
  });
  useEffect(() => {
    void (async () => {
      const addresses = await shopperFetch<{ data: SavedAddress[] }>('/checkout/addresses', { locale });
      if (!addresses || addresses.status === 401) return sendToLogin(locale);
      const [terms, methods] = await Promise.all([
        shopperFetch<{ data: DeliveryTermsView }>('/delivery-terms', { locale }),
        shopperFetch<{ data: PaymentMethodView[]; cod_blocked?: boolean }>('/payment-methods', { locale }),
      ]);
      if (!addresses.ok || !terms?.ok || !methods?.ok) return setData((d) => ({ ...d, status: 'failed' }));
      setData({
        status: 'ok',
        addresses: addresses.body.data,
        terms: terms.body.data,
        methods: methods.body.data,
        codBlocked: methods.body.cod_blocked === true,
      });
    })();
  }, [locale]);
  return data;
}

export interface SummaryChoice {
  products: { product_id: number; quantity: number }[];
  addressId: number | null;
  governorateId: string;
  coupon: string | null;
  payment: string | null;
  useWallet: boolean;
}

/** GET /orders/summary again whenever a choice changes; the last answer wins. */
export function useSummary(locale: Locale, choice: SummaryChoice, enabled: boolean): OrderSummaryView | null {
  const [summary, setSummary] = useState<OrderSummaryView | null>(null);
  const query = new URLSearchParams({ products: JSON.stringify(choice.products) });
  if (choice.addressId !== null) query.set('address_id', String(choice.addressId));
  else if (choice.governorateId) query.set('governorate_id', choice.governorateId);
  if (choice.coupon) query.set('coupon', choice.coupon);
  if (choice.payment) query.set('payment_method', choice.payment);
  if (choice.useWallet) query.set('use_wallet', 'true');
  const key = query.toString();
  useEffect(() => {
    if (!enabled || choice.products.length === 0) return;
    let current = true;
    void shopperFetch<{ data: OrderSummaryView }>(`/orders/summary?${key}`, { locale }).then((res) => {
      if (current && res?.ok) setSummary(res.body.data);
    });
    return () => {
      current = false;
    };
  }, [key, enabled, locale, choice.products.length]);
  return summary;
}
