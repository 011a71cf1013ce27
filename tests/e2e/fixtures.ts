import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { dictionary, type Dictionary } from '../../src/i18n/t.ts';
import type { Locale } from '../../src/i18n/locales.ts';

export interface ShopOptions {
  shopLocale: Locale;
  /** The consent choice already made when a journey starts ('ask': none, the banner shows; consent.spec.ts). */
  consent: 'granted' | 'denied' | 'ask';
}

interface ShopFixtures {
  /** The dictionary of the project's language, so assertions use the same texts the shop shows. */
  t: Dictionary;
  /** Prefixes a path with the project's locale: at('/products') → /ar/products. */
  at: (path?: string) => string;
}

export const test = base.extend<ShopOptions & ShopFixtures>({
  shopLocale: ['en', { option: true }],
  consent: ['denied', { option: true }],
  // The e2e build has a tag-manager id, so every page would ask for consent: journeys start with the question
  // answered (no), except the consent journeys themselves.
  context: async ({ context, consent }, use) => {
    if (consent !== 'ask') await answerConsent(context, consent);
    await use(context);
  },
  t: async ({ shopLocale }, use) => use(dictionary(shopLocale)),
  at: async ({ shopLocale }, use) => use((path = '/') => `/${shopLocale}${path === '/' ? '/' : path}`),
});

/** Waits until an island (by component file name) has hydrated: Astro drops its `ssr` attribute then. */
export async function hydrated(page: Page, component: string) {
  await page.locator(`astro-island[component-url*="${component}"]:not([ssr])`).first().waitFor({ state: 'attached' });
}

export { expect };

/** Sets the consent choice before any page of this context runs (also for contexts a journey opens itself). */
export async function answerConsent(context: BrowserContext, choice: 'granted' | 'denied' = 'denied') {
  await context.addInitScript((value) => {
    // Frames without storage (about:blank, data: URLs) refuse localStorage: nothing to answer there.
    try {
      if (!localStorage.getItem('consent')) localStorage.setItem('consent', value);
    } catch {
      /* no storage in this frame */
    }
  }, choice);
}
