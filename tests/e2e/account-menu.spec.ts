import { formatMoney } from '../../src/i18n/format.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { furnishedShopper } from './shopper-data.ts';

/**
 * Issue 20: the profile pages were a dead end (no navbar, cart, footer or logout; the logo the only way out) and the
 * wallet hid inside order history. Every /profile page now sits in the shop's own frame with an account menu.
 */
test.describe('account menu on a 390 px phone', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test('from order history: the cart, the footer, the wallet and logout', async ({ page, at, t, shopLocale }) => {
    const a = t.account;
    await furnishedShopper(page, shopLocale);
    await page.goto(at('/profile/order-history'));
    await hydrated(page, 'OrderHistory');

    // The account menu marks this page and lists every account page, the wallet among them.
    const menu = page.getByRole('navigation', { name: a.profileTitle });
    await expect(menu.getByRole('link', { name: a.orderHistory })).toHaveAttribute('aria-current', 'page');
    for (const label of [a.accountSettings, a.addressBook, a.wishlist, a.wallet])
      await expect(menu.getByRole('link', { name: label, exact: true })).not.toHaveAttribute('aria-current', 'page');
    // On a phone the menu is one row of tabs: the current one is scrolled into view, the page never scrolls sideways.
    await expect(menu.getByRole('link', { name: a.orderHistory })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The shop's own footer, with its links.
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('link', { name: t.footer.contactUs })).toBeVisible();

    // The shop's own navbar: the mini-cart leads to the cart page.
    await page.locator('[data-mini-cart] summary').click();
    // The first tap wakes the island (client:intent), whose lines then push the link down: a tap on it before they are
    // drawn can land on a line instead (a CI run did).
    await hydrated(page, 'MiniCart');
    await expect(page.locator('[data-mini-cart-total]')).toBeVisible();
    await page.locator('[data-mini-cart]').getByRole('link', { name: t.cart.viewCart }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/checkout/cart')}$`));
    await page.goBack();

    // The wallet: its own entry, the account's start page.
    await menu.getByRole('link', { name: a.wallet, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/profile')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.wallet);
    await expect(menu.getByRole('link', { name: a.wallet, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-wallet-balance]')).toHaveText(formatMoney(0, shopLocale));

    // Logout from the menu: home, as a guest; the account pages send a guest to login.
    await menu.getByRole('button', { name: a.logout }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/')}$`));
    await expect(page.locator('html')).toHaveAttribute('data-session', 'guest');
    await page.goto(at('/profile/order-history'));
    await page.waitForURL(/\/login\?routeBack=profile-order-history/);
  });
});
