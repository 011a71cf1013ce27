import { expect, hydrated, test } from './fixtures.ts';
import { signedInStaff } from './admin-support.ts';
import { withE2eDb } from './login.ts';
import { e2eNewSeller } from './seller-support.ts';
import { accessibleAt, fitsPhones, lookAt } from './template-checks.ts';
import { formatMoney, formatNumber } from '../../src/i18n/format.ts';
import { interpolateIsolated } from '../../src/i18n/t.ts';

/**
 * The commission rules screen (issue 40, docs/sellers.md › Commission): finance sets a new seller's rule typed with
 * Arabic-Indic digits (a maximum below the minimum refused on its field first), a category's rule and a seller in a
 * category's flat amount, and sees each listed in the page's language; the seller's rule fills the form again when its
 * scope is chosen. At 360 px it removes the seller-in-category rule through the confirmation (kept on the first
 * answer, removed on the second): the list loses that row and keeps the others; the marketplace's rule has no Remove
 * button. A role without `sellers.commission` gets the Forbidden notice and no menu entry.
 *
 * The category's rule is the marketplace's own 10 %, so the journeys delivering that category's products in parallel
 * owe the same commission; the other two name only this journey's seller.
 */
test('finance sets a seller’s and a category’s commission and sees them listed; support may not open the page', async ({
  page,
  t,
  at,
  shopLocale,
}) => {
  const c = t.sellerLedger.commission;
  const seller = await e2eNewSeller('Rate Roasters');
  const sellerName = seller[shopLocale];
  const category = withE2eDb(
    (db) => db.prepare('SELECT id, name_en, name_ar FROM categories ORDER BY id LIMIT 1').get() as Record<string, string>,
  );
  const categoryName = category[`name_${shopLocale}`]!;
  const percent = (bp: number) => formatNumber(bp / 10_000, shopLocale, { style: 'percent', maximumFractionDigits: 2 });

  await signedInStaff(page, 'finance');
  await page.goto(at('/admin/sellers/commission'));
  const menu = page.getByRole('navigation', { name: t.admin.frame.menu });
  await expect(menu.getByRole('link', { name: t.admin.frame.commission })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[data-commission-help]')).toHaveText(c.intro);
  await hydrated(page, 'CommissionRuleForm');
  const form = page.locator('[data-commission-form]');
  const save = form.getByRole('button', { name: c.save });
  // A save draws the page again (the list with it) and carries its toast across: wait for that page.
  const saved = async () => {
    const reloaded = page.waitForEvent('load');
    await save.click();
    await reloaded;
    await expect(page.locator('[data-toast="success"] p')).toHaveText(c.saved);
    await hydrated(page, 'CommissionRuleForm');
  };

  // The seller's rule: 12.5 % with at least EGP 5 a line, typed on an Arabic keyboard; first with a maximum of 2.
  await form.getByRole('radio', { name: c.scopes.seller, exact: true }).check();
  await form.getByRole('combobox', { name: c.seller, exact: true }).selectOption(String(seller.id));
  await form.getByLabel(c.rate).fill('١٢٫٥');
  await form.getByLabel(c.minFee).fill('٥');
  await form.getByLabel(c.maxFee).fill('2');
  await save.click();
  await expect(form.getByLabel(c.maxFee)).toHaveAccessibleDescription(t.sellerLedger.errors.maxBelowMin);
  await accessibleAt(page);
  await form.getByLabel(c.maxFee).fill('');
  await saved();
  const rules = page.locator('[data-commission-rules]');
  const sellerRow = rules.getByRole('row').filter({ hasText: sellerName }).filter({ hasText: c.scopes.seller });
  await expect(sellerRow).toHaveCount(1);
  await expect(sellerRow).toContainText(percent(1_250));
  await expect(sellerRow).toContainText(formatMoney(500, shopLocale));

  // The category's rule, then a flat EGP 7.50 for the seller in that category.
  await form.getByRole('radio', { name: c.scopes.category, exact: true }).check();
  await form.getByRole('combobox', { name: c.category, exact: true }).selectOption(String(category['id']));
  await form.getByLabel(c.rate).fill('10');
  await saved();
  const categoryRow = rules.getByRole('row').filter({ hasText: categoryName }).filter({ hasText: c.scopes.category });
  await expect(categoryRow.first()).toContainText(percent(1_000));

  await form.getByRole('radio', { name: c.scopes.seller_category, exact: true }).check();
  await form.getByRole('combobox', { name: c.seller, exact: true }).selectOption(String(seller.id));
  await form.getByRole('combobox', { name: c.category, exact: true }).selectOption(String(category['id']));
  await form.getByRole('radio', { name: c.kinds.flat, exact: true }).check();
  await form.getByLabel(c.flatFee).fill('7.50');
  await saved();
  const both = rules.getByRole('row').filter({ hasText: c.scopes.seller_category }).filter({ hasText: sellerName });
  await expect(both).toContainText(categoryName);
  await expect(both).toContainText(interpolateIsolated(c.perLine, { amount: formatMoney(750, shopLocale) }));
  await expect(both).toContainText(c.kinds.flat);

  // Choosing the seller's scope again shows its rule, ready to change.
  await form.getByRole('radio', { name: c.scopes.seller, exact: true }).check();
  await form.getByRole('combobox', { name: c.seller, exact: true }).selectOption(String(seller.id));
  await expect(form.getByLabel(c.rate)).toHaveValue('12.50');
  await expect(form.getByLabel(c.minFee)).toHaveValue('5');
  await expect(form.getByLabel(c.maxFee)).toHaveValue('');

  // Removing the seller-in-category rule, on a phone: each button names its rule; the dialog asks first.
  await fitsPhones(page, [360]);
  const marketplaceRow = rules.getByRole('row').filter({ hasText: c.everyLine });
  await expect(marketplaceRow).toHaveCount(1);
  await expect(marketplaceRow.getByRole('button')).toHaveCount(0);
  await hydrated(page, 'CommissionRuleList');
  const removeBoth = rules.getByRole('button', {
    name: interpolateIsolated(c.removeNamed, {
      name: interpolateIsolated(c.sellerInCategory, { seller: sellerName, category: categoryName }),
      scope: c.scopes.seller_category,
    }),
    exact: true,
  });
  const removeSeller = rules.getByRole('button', {
    name: interpolateIsolated(c.removeNamed, { name: sellerName, scope: c.scopes.seller }),
    exact: true,
  });
  await expect(removeSeller).toHaveCount(1);
  const confirm = page.getByRole('alertdialog');
  await removeBoth.click();
  await expect(confirm).toHaveAccessibleName(
    interpolateIsolated(c.removeTitle, {
      name: interpolateIsolated(c.sellerInCategory, { seller: sellerName, category: categoryName }),
    }),
  );
  await expect(confirm).toHaveAccessibleDescription(c.removeText);
  await accessibleAt(page);
  await lookAt(page, `commission-remove-${shopLocale}`);
  await confirm.getByRole('button', { name: c.keep }).click();
  await expect(confirm).toHaveCount(0);
  await expect(both).toHaveCount(1);
  await removeBoth.click();
  const reloaded = page.waitForEvent('load');
  await confirm.getByRole('button', { name: c.remove, exact: true }).click();
  await reloaded;
  await expect(page.locator('[data-toast="success"] p')).toHaveText(c.removed);
  await expect(both).toHaveCount(0);
  await expect(sellerRow).toHaveCount(1);
  await expect(removeSeller).toHaveCount(1);
  await fitsPhones(page, [360]);
  await lookAt(page, `commission-removed-${shopLocale}`);

  // Support may not set commission: no menu entry, and the page answers the Forbidden notice.
  await page.context().clearCookies();
  await signedInStaff(page, 'support');
  const refused = await page.goto(at('/admin/sellers/commission'));
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(t.admin.errors.forbidden);
  await expect(menu.getByRole('link', { name: t.admin.frame.commission })).toHaveCount(0);
  await expect(page.locator('[data-commission-form]')).toHaveCount(0);
});
