import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { dictionary, type Dictionary } from '../../src/i18n/t.ts';
import type { Locale } from '../../src/i18n/locales.ts';

export interface ShopOptions {
  shopLocale: Locale;
}

interface ShopFixtures {
  /** The dictionary of the project's language, so assertions use the same texts the shop shows. */
  t: Dictionary;
  /** Prefixes a path with the project's locale: at('/products') → /ar/products. */
  at: (path?: string) => string;
}

export const test = base.extend<ShopOptions & ShopFixtures>({
  shopLocale: ['en', { option: true }],
  t: async ({ shopLocale }, use) => use(dictionary(shopLocale)),
  at: async ({ shopLocale }, use) => use((path = '/') => `/${shopLocale}${path === '/' ? '/' : path}`),
});

/** Serious or critical accessibility violations on the current page (axe). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/** Waits until an island (by component file name) has hydrated: Astro drops its `ssr` attribute then. */
export async function hydrated(page: Page, component: string) {
  await page.locator(`astro-island[component-url*="${component}"]:not([ssr])`).first().waitFor({ state: 'attached' });
}

export { expect };
