import { localeOr } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';

/**
 * Where a shopper coming back from a payment page lands: the success page (which waits for the verified callback)
 * or, from OPay's cancel, the payment step. Only the order id and the language are read from the URL we gave the
 * provider; nothing the browser brings back says whether anything was paid.
 */
export function paymentReturnTarget(url: URL): string | undefined {
  const page =
    url.pathname === '/api/payments/return' ? 'success' : url.pathname === '/api/opay/cancel' ? 'checkout-payment' : undefined;
  if (!page) return undefined;
  const order = /^\d{1,10}$/.exec(url.searchParams.get('order') ?? '')?.[0];
  const lang = localeOr(url.searchParams.get('lang'));
  const query = [order ? `order=${order}` : '', page === 'checkout-payment' ? 'payment=cancelled' : ''].filter(Boolean).join('&');
  return localePath(lang, `/checkout/${page}${query ? `?${query}` : ''}`);
}
