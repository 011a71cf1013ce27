import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { catalog, lineOf, pick } from './cart-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { logIn } from './login.ts';
import { adminTemplates, shopperTemplates, templates } from './templates.ts';
import { e2eCourier, e2eProduct, placeCodOrder, signedInStaff } from './admin-support.ts';

/**
 * Every template, in both languages: the HTML the server sends passes a maintained validator (html-validate,
 * its "standard" rules: errors, not style), and the page in the browser passes axe with the WCAG 2.2 AA tags.
 * One page load serves both checks. (This replaces the per-page
 * axe checks content.spec.ts and shell.spec.ts had; journeys keep theirs for states reached by interaction.)
 */

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Both checks on the page as it stands: the HTML the server sent for it, and the page in the browser. */
async function checkPage(page: Page, html: string, width: number) {
  const report = await validator.validateString(html);
  const errors = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`));
  expect(errors).toEqual([]);
  const axe = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
  expect(
    axe.violations.map((v) => `${width}px ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

// English at a desktop width, Arabic at a phone width: every template meets axe in both languages and both layouts
// (menus, filters and banners differ), at half the cost of crossing them all.
const widthFor = (locale: string) => (locale === 'en' ? 1280 : 390);

for (const path of templates) {
  test(`valid HTML and WCAG 2.2 AA: ${path}`, async ({ page, at, shopLocale }) => {
    const width = widthFor(shopLocale);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const response = await page.goto(at(path));
    expect([200, 404, 500]).toContain(response!.status());
    await checkPage(page, await response!.text(), width);
  });
}

// The shopper's own pages, logged in, once their island has drawn the account's data.
for (const [path, island] of shopperTemplates) {
  test(`valid HTML and WCAG 2.2 AA, logged in: ${path}`, async ({ page, request, at, shopLocale }) => {
    const width = widthFor(shopLocale);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await logIn(page);
    const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 20, 'product in stock');
    await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
    const response = await page.goto(at(path));
    await hydrated(page, island);
    await page.waitForLoadState('networkidle');
    await checkPage(page, await response!.text(), width);
  });
}

// The back office: every template in both languages at both widths (operators work on phones and desktops alike),
// signed in as the owner, who may open everything.
for (const { path, guest } of adminTemplates) {
  test(`valid HTML and WCAG 2.2 AA, back office: ${path}`, async ({ page, at }) => {
    test.setTimeout(120_000);
    if (!guest) await signedInStaff(page, 'owner');
    let target = path;
    if (path.includes('{order}') || path.includes('{customer}')) {
      const order = await placeCodOrder(page.request, e2eProduct(5), 1);
      target = target.replaceAll('{order}', String(order.id)).replaceAll('{customer}', String(order.shopper.id));
    }
    if (path.includes('{courier}')) target = target.replaceAll('{courier}', String(e2eCourier().id));
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const response = await page.goto(at(target));
      expect([200, 410]).toContain(response!.status());
      await page.waitForLoadState('networkidle');
      await checkPage(page, await response!.text(), width);
    }
  });
}
