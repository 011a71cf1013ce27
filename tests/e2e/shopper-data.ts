import type { Page } from '@playwright/test';
import { apiLang, type Locale } from '../../src/i18n/locales.ts';
import { lineOf } from './cart-support.ts';
import { e2eProduct, e2eProductCard } from './admin-support.ts';
import { logIn, makeE2eAddress, type E2eShopper } from './login.ts';

/**
 * A logged-in shopper whose pages have something to draw: a saved address, a wishlist item, a placed order (cash on
 * delivery) and one product in the stored cart, so the account and checkout pages show their full layouts.
 */
export async function furnishedShopper(page: Page, locale: Locale): Promise<E2eShopper> {
  const shopper = await logIn(page);
  const auth = { authorization: `Bearer ${shopper.token}` };
  makeE2eAddress(shopper.id, 'Home');
  // A product of its own, on sale: the order below takes two units, which would drain the demo products that
  // other journeys pick by their stock.
  const product = await e2eProductCard(page.request, e2eProduct(100, 28000, 35000), apiLang(locale));
  // A JSON body: a bodiless POST is refused by Astro's cross-site form check (403), which left the wishlist empty.
  const listed = await page.request.post(`/api/wishlist/${product.id}`, { headers: auth, data: {} });
  if (!listed.ok()) throw new Error(`wishlist ${listed.status()}: ${await listed.text()}`);
  const addresses = await page.request.get('/api/addresses', { headers: auth });
  const addressId = ((await addresses.json()) as { data: { id: number }[] }).data[0]!.id;
  const placed = await page.request.post('/api/orders?lang=en-US', {
    headers: auth,
    data: { products: [{ product_id: product.id, quantity: 2 }], address_id: addressId, payment_method: 'cash_on_delivery' },
  });
  if (!placed.ok()) throw new Error(`order ${placed.status()}: ${await placed.text()}`);
  await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
  return shopper;
}
