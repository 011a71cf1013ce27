import type { APIRequestContext, Page } from '@playwright/test';
import { catalog, lineOf, openWithStoredCart, pick } from './cart-support.ts';
import type { ProductCard } from '../../src/lib/types.ts';
import { hydrated } from './fixtures.ts';
import { logIn, makeE2eAddress } from './login.ts';

/** Opens the payment step with one line of an in-stock product in the cart, logged in. */
export async function checkoutWithCart(
  page: Page,
  request: APIRequestContext,
  at: (p: string) => string,
  locale: 'en' | 'ar',
  savedAddress?: string,
  /** A further condition on the product (e.g. on sale). */
  also: (p: ProductCard) => boolean = () => true,
) {
  const products = await catalog(request, locale);
  // Plenty of stock, so the journeys of both languages (and reruns) never run a product out.
  const product = pick(
    products,
    (p) => p.stock >= 20 && p.price < 100000 && also(p),
    'product with stock ≥ 20 under 1,000 EGP (and the further condition)',
  );
  const shopper = await logIn(page);
  if (savedAddress) makeE2eAddress(shopper.id, savedAddress);
  await openWithStoredCart(page, at('/checkout/checkout-payment'), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
  await hydrated(page, 'CheckoutPayment');
  await page.locator('[data-checkout]').waitFor();
  return product;
}
