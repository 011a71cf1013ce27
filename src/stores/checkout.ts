/**
 * What the checkout's payment step reads besides the address book ($addresses) and the delivery terms
 * ($deliveryTerms): the payment methods offered to this shopper and the server's summary of the order as chosen so far.
 */
import { atom } from 'nanostores';
import { shopperFetch } from '#lib/api-client.ts';
import type { OrderSummaryView, PaymentMethodView } from '#lib/orders/views.ts';
import { dataStore, onShopperChange } from './shopper-data.ts';

export interface PaymentMethods {
  methods: PaymentMethodView[];
  /** Staff flagged this shopper for cash on delivery: the list is prepaid only, and the page says why. */
  codBlocked: boolean;
}

export const $paymentMethods = dataStore<PaymentMethods, { data: PaymentMethodView[]; cod_blocked?: boolean }>(
  '/payment-methods',
  { pick: (body) => ({ methods: body.data, codBlocked: body.cod_blocked === true }) },
).$store;

/** The server's summary (GET /orders/summary) of the last choice asked for; null until one arrived. */
export const $checkoutSummary = atom<OrderSummaryView | null>(null);

let latest = '';
let asking: Promise<void> | null = null;

/**
 * Asks the server to price a choice (the summary's query string); only the answer to the latest choice is kept, and
 * the same choice asked again while its answer is on its way sends nothing more.
 */
export function quoteOrder(query: string): Promise<void> {
  if (query === latest && asking) return asking;
  latest = query;
  const run = (async () => {
    const res = await shopperFetch<{ data: OrderSummaryView }>(`/orders/summary?${query}`).catch(() => null);
    if (query === latest && res?.ok) $checkoutSummary.set(res.body.data);
  })();
  asking = run;
  void run.finally(() => {
    if (asking === run) asking = null;
  });
  return run;
}

onShopperChange(() => {
  latest = '';
  asking = null;
  $checkoutSummary.set(null);
});
