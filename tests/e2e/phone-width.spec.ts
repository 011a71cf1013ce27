import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { furnishedShopper } from './shopper-data.ts';
import { shopperTemplates, templates } from './templates.ts';

/**
 * Every template fits a phone: at 320, 360 and 390 px, in both languages, the page is never wider than the
 * viewport (no sideways scrolling, nothing cut off at either edge). A failure names the widest elements.
 */
const widths = [320, 360, 390];

/** The page's width beyond the viewport, with the outermost elements that stick out (for the failure message). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const culprits: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const box = el.getBoundingClientRect();
        const clipped =
          el.parentElement?.closest('*:not(html):not(body)') !== null &&
          [...ancestors(el)].some((a) => getComputedStyle(a).overflowX !== 'visible');
        if (box.width > 0 && !clipped && (box.right > width + 0.5 || box.left < -0.5))
          culprits.push(`${el.tagName.toLowerCase()}[${el.className}] ${Math.round(box.left)}..${Math.round(box.right)}`);
        if (culprits.length >= 5) break;
      }
    }
    return { width, scrollWidth: document.documentElement.scrollWidth, culprits };

    function* ancestors(el: Element) {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) yield a;
    }
  });
}

/**
 * One load at the narrowest width, then the page is widened in place (the layout reflows; a third of the cost).
 * `alsoAt` checks more at each width.
 */
async function sweep(page: Page, load: () => Promise<void>, alsoAt?: (width: number) => Promise<void>) {
  await page.setViewportSize({ width: widths[0]!, height: 780 });
  await load();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 780 });
    const found = await overflow(page);
    expect(found.scrollWidth, `${width}px wide: ${found.culprits.join('; ')}`).toBeLessThanOrEqual(found.width);
    await alsoAt?.(width);
  }
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
  if (width === widths[0]) await expect(tabs.locator('[aria-current="page"]')).toBeInViewport({ ratio: 1 });
}

for (const path of templates) {
  test(`fits 320-390 px phones: ${path}`, async ({ page, at }) => {
    await sweep(page, async () => {
      await page.goto(at(path));
      await page.waitForLoadState('networkidle');
    });
  });
}

for (const [path, island] of shopperTemplates) {
  test(`fits 320-390 px phones, logged in: ${path}`, async ({ page, at, shopLocale }) => {
    await furnishedShopper(page, shopLocale);
    await sweep(
      page,
      async () => {
        await page.goto(at(path));
        await hydrated(page, island);
        await page.waitForLoadState('networkidle');
      },
      path.startsWith('/profile') ? (width) => accountMenuFits(page, width) : undefined,
    );
  });
}
