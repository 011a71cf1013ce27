import { interpolate } from '../../src/i18n/interpolate.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { furnishedShopper } from './shopper-data.ts';

/**
 * Issue 20: destructive actions ask first, in the shopper's language, in a native modal dialog: focus on the safe
 * answer, Escape keeps everything, only the destructive answer acts.
 */
test.beforeEach(() => test.setTimeout(60_000));

test('cancelling an order asks first: Escape and "keep" keep it, "yes" cancels it', async ({ page, at, t }) => {
  const h = t.orders.history;
  await furnishedShopper(page, 'en');
  await page.goto(at('/profile/order-history'));
  await hydrated(page, 'OrderHistory');
  const card = page.locator('[data-order]').first();
  await expect(card.locator('[data-order-status]')).toHaveText(t.orders.status.PLACED);

  await card.getByRole('button', { name: h.cancel }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toContainText(h.confirmCancelTitle.split('{id}')[0]!);
  await expect(dialog).toContainText(h.confirmCancelText);
  await expect(dialog.getByRole('button', { name: h.keepOrder })).toBeFocused();
  await accessibleAt(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-order-status]')).toHaveText(t.orders.status.PLACED);

  // Enter on the focused safe answer keeps the order too.
  await card.getByRole('button', { name: h.cancel }).click();
  await expect(dialog.getByRole('button', { name: h.keepOrder })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-order-status]')).toHaveText(t.orders.status.PLACED);

  await card.getByRole('button', { name: h.cancel }).click();
  await dialog.getByRole('button', { name: h.confirmCancel }).click();
  await expect(card.locator('[data-order-status]')).toHaveText(t.orders.status.CANCELED);
});

test('deleting an address asks first', async ({ page, at, t }) => {
  const a = t.account;
  await furnishedShopper(page, 'en');
  await page.goto(at('/profile/address-book'));
  await hydrated(page, 'AddressBook');
  const home = page.locator('[data-address="Home"]');
  await home.getByRole('button', { name: interpolate(a.deleteNamed, { name: 'Home' }) }).click();
  const dialog = page.getByRole('alertdialog', { name: interpolate(a.confirmDeleteTitle, { name: 'Home' }) });
  await expect(dialog).toContainText(a.confirmDeleteText);
  await expect(dialog.getByRole('button', { name: a.keepAddress })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(home).toBeVisible();

  await home.getByRole('button', { name: interpolate(a.deleteNamed, { name: 'Home' }) }).click();
  await dialog.getByRole('button', { name: a.confirmDelete }).click();
  await expect(home).toBeHidden();
  await expect(page.locator('[data-empty-state]')).toBeVisible();
});

test('removing a product from the wishlist page asks first', async ({ page, at, t }) => {
  const w = t.wishlist;
  await furnishedShopper(page, 'en');
  await page.goto(at('/profile/my-wish-list'));
  await hydrated(page, 'WishlistPage');
  const item = page.locator('[data-wishlist-item]').first();
  await item.locator('[data-wishlist-heart]').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toContainText(w.confirmRemoveTitle.split('{name}')[0]!);
  await expect(dialog.getByRole('button', { name: w.keepWish })).toBeFocused();
  await dialog.getByRole('button', { name: w.keepWish }).click();
  await expect(dialog).toBeHidden();
  await expect(item.locator('[data-wishlist-heart]')).toHaveAttribute('aria-pressed', 'true');

  await item.locator('[data-wishlist-heart]').click();
  await dialog.getByRole('button', { name: w.confirmRemove }).click();
  await expect(page.locator('[data-wishlist-empty]')).toBeVisible();
});
