import { expect, test } from './fixtures.ts';
import { e2eProduct, signedInStaff } from './admin-support.ts';
import { withE2eDb } from './login.ts';
import { productOffer } from './publish-support.ts';
import { formatMoney } from '../../src/i18n/format.ts';
import { interpolate } from '../../src/i18n/t.ts';

/**
 * Issue 23: operations changes a product's price, old price and stock in the grid; the product page's HTML and its
 * JSON-LD offer follow with no publish, and the product's stock history in the desk says who changed it and why.
 */
test('operations edits price and stock in the grid; the product page and its JSON-LD follow', async ({
  page,
  at,
  t,
  shopLocale,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const g = t.adminCatalog.grid;
  const id = e2eProduct(4, 25000);
  const sku = withE2eDb((db) => (db.prepare('SELECT sku FROM products WHERE id = ?').get(id) as { sku: string }).sku);
  // The page is in the shop's cache before the change, as a crawler saw it.
  expect((await productOffer(baseURL!, at(`/single-product/${id}`))).price).toBe('250.00');

  await signedInStaff(page, 'operations');
  await page.goto(at(`/admin/products?q=${sku}`));
  await page.getByLabel(interpolate(g.priceOf, { sku }), { exact: true }).fill(shopLocale === 'ar' ? '٢٢٥٫٥' : '225.50');
  await page.getByLabel(interpolate(g.oldPriceOf, { sku }), { exact: true }).fill('250');
  await page.getByLabel(interpolate(g.stockOf, { sku }), { exact: true }).fill('0');
  await page.getByLabel(g.note).fill('Recount: the last bags were damaged');
  await page.getByRole('button', { name: g.saveOne }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(g.saved);
  await expect(page.getByRole('button', { name: g.nothing })).toBeDisabled();

  const offer = await productOffer(baseURL!, at(`/single-product/${id}`));
  expect(offer).toMatchObject({ price: '225.50', availability: 'OutOfStock' });
  expect(offer.html).toContain(formatMoney(22550, shopLocale));
  expect(offer.html).toContain(formatMoney(25000, shopLocale));

  await page.getByRole('link', { name: interpolate(g.open, { sku }) }).click();
  const movement = page.locator('[data-movements] li').first();
  await expect(movement).toContainText(t.adminCatalog.history.reasons.manual);
  await expect(movement).toContainText('-4');
  await expect(movement).toContainText('Recount: the last bags were damaged');
});

test('a cell that is not an amount is named before anything is sent', async ({ page, at, t }) => {
  const g = t.adminCatalog.grid;
  const id = e2eProduct(4, 25000);
  const sku = withE2eDb((db) => (db.prepare('SELECT sku FROM products WHERE id = ?').get(id) as { sku: string }).sku);
  await signedInStaff(page, 'operations');
  await page.goto(at(`/admin/products?q=${sku}`));
  const price = page.getByLabel(interpolate(g.priceOf, { sku }), { exact: true });
  await price.fill('12,5');
  await page.getByRole('button', { name: g.saveOne }).click();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-field-error]')).toHaveText(g.badNumber);
  expect(withE2eDb((db) => (db.prepare('SELECT price FROM products WHERE id = ?').get(id) as { price: number }).price)).toBe(
    25000,
  );
});
