import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { furnishedShopper } from './shopper-data.ts';
import { accessibleAt, axeWidthFor, fitsPhones, resize, shopShell, validHtml } from './template-checks.ts';
import { adminTemplates, isVariant, scansShell, shopperTemplates, templates } from './templates.ts';
import { deskTest, e2eCourier, e2eDeskEntry, e2ePartnerApplication, e2eProduct, placeCodOrder } from './admin-support.ts';
import { e2eCouponId } from './login.ts';

/**
 * Every template, in both languages, on one page load each: it fits 320-390 px phones, the HTML the server sends is
 * valid, and the page passes axe's WCAG 2.2 AA rules once per language (English at a desktop width, Arabic at a
 * phone width, the back office included: the other width keeps the no-sideways-scroll check). A query-string variant
 * of a template (a sort, a page, a filter, a search) is the same template drawn with other data: it is checked for
 * width and valid HTML, not scanned again. Journeys scan only states this sweep cannot reach.
 */
test.beforeEach(() => test.setTimeout(90_000));
// The file is a third of the suite: its checks are independent, so both workers share it instead of one worker
// running it alone at the end of the run.
test.describe.configure({ mode: 'parallel' });

for (const path of templates) {
  test(`every template: ${path}`, async ({ page, at, shopLocale }) => {
    await resize(page, 320);
    const response = await page.goto(at(path));
    expect([200, 404, 500]).toContain(response!.status());
    await page.waitForLoadState('networkidle');
    await fitsPhones(page);
    await validHtml(await response!.text());
    if (!isVariant(path))
      await accessibleAt(page, axeWidthFor(shopLocale), { without: scansShell(path) ? undefined : shopShell });
  });
}

/**
 * An account page's menu on a phone: one row of tabs that scrolls inside itself (not a column pushing the page
 * down, not wider than the phone), the current page's tab on screen when the page opens.
 */
async function accountMenuFits(page: Page, width: number) {
  const tabs = page.locator('[data-account-tabs]');
  const rows = await tabs.evaluate((list) => new Set([...list.children].map((item) => item.getBoundingClientRect().top)).size);
  expect(rows, `${width}px: the account menu is one row`).toBe(1);
  const box = (await tabs.boundingBox())!;
  expect(box.x, `${width}px: the account menu starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${width}px: the account menu ends on screen`).toBeLessThanOrEqual(width);
  if (width === 320) await expect(tabs.locator('[aria-current="page"]')).toBeInViewport({ ratio: 1 });
}

// The shopper's own pages, with an address, a wishlist item, an order and a cart, once their island has drawn them.
for (const [path, island] of shopperTemplates) {
  test(`every template, logged in: ${path}`, async ({ page, at, shopLocale }) => {
    await furnishedShopper(page, shopLocale);
    await resize(page, 320);
    const response = await page.goto(at(path));
    await hydrated(page, island);
    await page.waitForLoadState('networkidle');
    await fitsPhones(page, undefined, path.startsWith('/profile') ? (width) => accountMenuFits(page, width) : undefined);
    await validHtml(await response!.text());
    await accessibleAt(page, axeWidthFor(shopLocale), { without: scansShell(path) ? undefined : shopShell });
  });
}

// The back office, signed in as the owner, who may open everything: it fits 360 and 390 px phones and a desktop, and
// meets axe at the language's width.
for (const { path, guest } of adminTemplates) {
  deskTest(`every template, back office: ${path}`, async ({ page, at, shopLocale, deskAs }) => {
    if (!guest) await deskAs(page, 'owner');
    let target = path;
    if (path.includes('{order}') || path.includes('{customer}')) {
      const order = await placeCodOrder(page.request, e2eProduct(5), 1);
      target = target.replaceAll('{order}', String(order.id)).replaceAll('{customer}', String(order.shopper.id));
    }
    if (path.includes('{courier}')) target = target.replaceAll('{courier}', String(e2eCourier().id));
    if (path.includes('{coupon}')) target = target.replaceAll('{coupon}', String(e2eCouponId()));
    if (path.includes('{product}')) target = target.replaceAll('{product}', String(e2eProduct(3)));
    if (path.includes('{application}')) target = target.replaceAll('{application}', String(e2ePartnerApplication()));
    const kind = /\/admin\/content\/(?:preview\/)?(articles|recipes|offers)\/\{entry\}/.exec(path)?.[1] as Parameters<
      typeof e2eDeskEntry
    >[1];
    if (kind) target = target.replaceAll('{entry}', await e2eDeskEntry(page.request, kind));
    await resize(page, 390);
    const response = await page.goto(at(target));
    expect([200, 410]).toContain(response!.status());
    await page.waitForLoadState('networkidle');
    await fitsPhones(page, [360, 390, 1280]);
    await validHtml(await response!.text());
    if (!isVariant(path)) await accessibleAt(page, axeWidthFor(shopLocale));
  });
}
