import type { Locator } from '@playwright/test';
import { plural } from '../../src/i18n/interpolate.ts';
import { newPhone } from './account-support.ts';
import { deskTest, e2eCourier, e2eProduct, placeCodOrder } from './admin-support.ts';
import { catalog, lineOf, openWithStoredCart, pick } from './cart-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { logIn, withE2eDb } from './login.ts';

/**
 * Issue 35, read in the browser: the delivery estimate counts in words («خلال يومين»), the desk keeps "#" and "+"
 * where they belong around the digits (measured on screen, not in the DOM), and the mobile-number change names the
 * number inside its sentence. Run in both languages; the Arabic project is the one these guard.
 */

/**
 * Where a piece of text is drawn: the left edge of its first occurrence (or its last, `last`) inside the element, in
 * CSS pixels, measured with a Range on the laid-out text.
 */
function xOf(element: Locator, text: string, last = false): Promise<number> {
  return element.evaluate(
    (root, [wanted, fromEnd]) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      for (const node of fromEnd ? nodes.reverse() : nodes) {
        const at = fromEnd ? node.data.lastIndexOf(wanted) : node.data.indexOf(wanted);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        return range.getBoundingClientRect().left;
      }
      throw new Error(`"${wanted}" is not in ${root.textContent}`);
    },
    [text, last] as const,
  );
}

test('checkout: a two-day governorate reads «خلال يومين», not «خلال 2 أيام»', async ({ page, request, at, t, shopLocale }) => {
  const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 20 && p.price < 100000, 'product with stock ≥ 20');
  const shopper = await logIn(page);
  const now = new Date().toISOString();
  withE2eDb((db) =>
    db
      .prepare(
        `INSERT INTO addresses (user_id, title, governorate_id, city, area, street, is_primary, created_at, updated_at)
         VALUES (?, 'Home', (SELECT id FROM governorates WHERE delivery_days = 2 ORDER BY position LIMIT 1),
                 'Tanta', 'Station', 'Road 4, 7', 1, ?, ?)`,
      )
      .run(shopper.id, now, now),
  );
  await openWithStoredCart(page, at('/checkout/checkout-payment'), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
  await hydrated(page, 'CheckoutPayment');
  const estimate = page.locator('[data-checkout]').getByText(plural(t.orders.checkout.estimate, 2, shopLocale));
  await expect(estimate).toBeVisible();
  if (shopLocale === 'ar') await expect(estimate).toContainText('خلال يومين');
  await expect(page.locator('[data-checkout]')).not.toContainText('2 أيام');
});

deskTest(
  'desk order page: "#" before the id in the heading, "+" before the digits of the shopper\'s and the courier\'s phones',
  async ({ page, request, deskAs, shopLocale }) => {
    const order = await placeCodOrder(request, e2eProduct(5), 1);
    const courier = e2eCourier('Samir');
    withE2eDb((db) => db.prepare('UPDATE orders SET courier_id = ? WHERE id = ?').run(courier.id, order.id));
    await deskAs(page, 'operations');
    await page.goto(`/${shopLocale}/admin/orders/${order.id}`);

    const heading = page.locator('[data-order-heading]');
    await expect(heading).toContainText(`#${order.id}`);
    const id = String(order.id);
    expect(await xOf(heading, '#')).toBeLessThan(await xOf(heading, id.at(-1)!, true));
    // The word for "order" reads first: at the right in Arabic, at the left in English.
    const word = shopLocale === 'ar' ? 'الطلب' : 'Order';
    if (shopLocale === 'ar') expect(await xOf(heading, word)).toBeGreaterThan(await xOf(heading, id));
    else expect(await xOf(heading, word)).toBeLessThan(await xOf(heading, '#'));

    for (const phone of [page.locator('[data-shopper-phone]'), page.locator('[data-courier-phone]')]) {
      await expect(phone).toContainText(/^\+20\d{9,10}$/);
      // "+" first, then the digits left to right: the last digit is drawn furthest right.
      const digits = (await phone.textContent())!.trim();
      expect(await xOf(phone, '+')).toBeLessThan(await xOf(phone, '2'));
      expect(await xOf(phone, '2')).toBeLessThan(await xOf(phone, digits.at(-1)!, true));
    }
    await expect(page.locator('[data-courier-phone]')).toHaveText('+201001112233');
  },
);

test('changing the mobile number names the new number inside the sentence', async ({ page, at, t, shopLocale }) => {
  const a = t.account;
  await logIn(page);
  await page.goto(at('/profile/account-setting'));
  await hydrated(page, 'AccountSettings');
  const phone = newPhone();
  await page.getByLabel(a.mobile).fill(phone.local);
  await page.getByRole('button', { name: a.saveProfile }).click();
  const sentence = page
    .locator('p')
    .filter({ has: page.locator('bdi') })
    .filter({ hasText: phone.e164.slice(3) });
  await expect(sentence).toBeVisible();
  // The whole sentence, the number in its place (not after the full stop, not an empty "sent to").
  const [before, after] = a.newMobileCode.split('{phone}');
  const text = (await sentence.textContent()) ?? '';
  expect(text.startsWith(before!)).toBe(true);
  expect(text.endsWith(after!)).toBe(true);
  const shown = text.slice(before!.length, text.length - after!.length);
  expect([phone.e164, phone.local]).toContain(shown);
  // Drawn in order: "+" (if any) and the digits left to right, whatever the page's direction.
  const number = sentence.locator('bdi');
  const lastDigit = await xOf(number, shown.at(-1)!, true);
  expect(await xOf(number, shown[0]!)).toBeLessThan(lastDigit);
  if (shown.startsWith('+')) expect(await xOf(number, '+')).toBeLessThan(await xOf(number, '2'));
  // In Arabic the sentence starts at the right: its first word is drawn right of the whole number.
  if (shopLocale === 'ar') expect(await xOf(sentence, before!.trim().split(' ')[0]!)).toBeGreaterThan(lastDigit);
});
