import { describe, expect, test } from 'vitest';
import { barePathRedirect } from './bare-path.ts';
import { fromAcceptLanguage, localeOfPath, preferredLocale } from './negotiate.ts';

describe('preferred locale', () => {
  test('the cookie wins over Accept-Language', () => {
    expect(preferredLocale('theme=dark; i18n_redirected=ar', 'en-US,en;q=0.9')).toBe('ar');
    expect(preferredLocale('i18n_redirected=en', 'ar-EG')).toBe('en');
  });
  test('an unknown cookie value falls back to Accept-Language, then English', () => {
    expect(preferredLocale('i18n_redirected=fr', 'ar-EG,ar;q=0.9')).toBe('ar');
    expect(preferredLocale(undefined, 'fr-FR,de;q=0.8')).toBe('en');
    expect(preferredLocale(null, null)).toBe('en');
  });
  test('Accept-Language honours q-values, not just order', () => {
    expect(fromAcceptLanguage('en;q=0.3, ar;q=0.9')).toBe('ar');
    expect(fromAcceptLanguage('fr, ar-EG;q=0.5, en;q=0.4')).toBe('ar');
    expect(fromAcceptLanguage('ar;q=0')).toBeUndefined();
  });
  test('the locale of a path', () => {
    expect(localeOfPath('/ar/products')).toBe('ar');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/arabic/x')).toBeUndefined();
  });
});

describe('bare path redirect', () => {
  const go = (path: string, cookie: string | null = null, lang: string | null = null) =>
    barePathRedirect(new URL(path, 'http://shop.test'), cookie, lang);
  test('bare pages go to the preferred locale with their query', () => {
    expect(go('/')).toBe('/en/');
    expect(go('/products?category=1&subCategory=2', null, 'ar')).toBe('/ar/products?category=1&subCategory=2');
    expect(go('/single-product/5', 'i18n_redirected=ar')).toBe('/ar/single-product/5');
  });
  test('localized pages, the API, assets and files are left alone', () => {
    for (const path of [
      '/en/',
      '/ar/products',
      '/api/products',
      '/_astro/x.js',
      '/favicon.svg',
      '/sitemap-index.xml',
      '/share/og-default.png',
    ]) {
      expect(go(path)).toBeUndefined();
    }
  });
});
