import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { expect, test } from './fixtures.ts';

/**
 * The checks every template passes (every-template.spec.ts), on one page load: nothing wider than a phone, valid
 * HTML, and WCAG 2.2 AA. A page load costs seconds on the CI machine, so each check runs on the page as it stands.
 */

export const phoneWidths = [320, 360, 390];
/** English at a desktop width, Arabic at a phone width: both languages and both layouts meet axe. */
export const axeWidthFor = (locale: string) => (locale === 'en' ? 1280 : 390);

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * A screenshot for a person to look at (`E2E_SCREENSHOTS=1`), into test-results/: never taken in CI, where nobody looks
 * and a full-page capture costs a second of the journey's time.
 */
export async function lookAt(page: Page, name: string, width?: number): Promise<void> {
  if (!process.env['E2E_SCREENSHOTS']) return;
  if (width) await resize(page, width);
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/**
 * A screen for the journey's report (issue 51, item 5: the Arabic journeys read at 360 px): the viewport only (a
 * full-page capture costs a second on the CI machine), written beside the journey's other results and attached.
 */
export async function inReport(page: Page, step: string): Promise<void> {
  const info = test.info();
  const path = info.outputPath(`${step}.png`);
  await page.screenshot({ path });
  await info.attach(step, { path, contentType: 'image/png' });
}

export const resize = (page: Page, width: number) => page.setViewportSize({ width, height: width <= 390 ? 844 : 800 });

/**
 * The page is never wider than the viewport at each width (no sideways scrolling, nothing cut off at either edge),
 * widened in place from the narrowest (the layout reflows without a reload). `alsoAt` checks more at each width.
 * A failure names the outermost elements that stick out.
 */
export async function fitsPhones(page: Page, widths = phoneWidths, alsoAt?: (width: number) => Promise<void>) {
  for (const width of widths) {
    await resize(page, width);
    const found = await overflow(page);
    expect(found.scrollWidth, `${width}px wide: ${found.culprits.join('; ')}`).toBeLessThanOrEqual(found.width);
    await alsoAt?.(width);
  }
}

/** The HTML the server sent passes a maintained validator (html-validate's "standard" rules: errors, not style). */
export async function validHtml(html: string) {
  const report = await validator.validateString(html);
  const errors = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`));
  expect(errors).toEqual([]);
}

/**
 * The one axe check of the suite: the page in the browser passes axe's WCAG 2.2 AA rules, as it stands or resized to
 * `width` first; `within` limits the scan to a part of the page, `without` leaves parts out. A scan costs 1-6 s of CPU
 * here, so each template is scanned once per language by every-template.spec.ts; a journey scans only a state the
 * sweep cannot reach (a dialog open, a form shown by a click, a page outside the templates).
 */
export async function accessibleAt(
  page: Page,
  width?: number,
  { within, without }: { within?: string | undefined; without?: string | undefined } = {},
) {
  if (width) await resize(page, width);
  const at = width ?? page.viewportSize()?.width;
  // Legacy mode: axe runs in the page itself. The default opens a blank page (a renderer process of its own) to
  // assemble the results of every scan: 0.3-1.5 s more a scan here, measured on four templates (docs/benchmarks.md,
  // "CI"). The shop embeds no third-party frames whose scan would need the blank page's isolation.
  let builder = new AxeBuilder({ page }).withTags(wcag22aa).setLegacyMode(true);
  if (within) builder = builder.include(within);
  if (without) builder = builder.exclude(without);
  const axe = await builder.analyze();
  expect(
    axe.violations.map((v) => `${at}px ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * The shop's frame (the navbar with both category menus, the footer) is the same markup on every page of a layout,
 * drawn once per language and catalog (<Remembered>): the sweep scans it on the templates that `shellScannedOn` names
 * and leaves it out elsewhere, a third to a half of a content page's scan.
 */
export const shopShell = 'body > header, body > footer';

/** The page's width beyond the viewport, with the outermost elements that stick out (for the failure message). */
function overflow(page: Page) {
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
