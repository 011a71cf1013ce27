import { describe, expect, test } from 'vitest';
import { ensureLocaleLocals, requestLocale } from './request-locale.ts';

const side = (path: string, { origin = path, route = '/[locale]', headers = {} as Record<string, string> } = {}) => ({
  url: new URL(path, 'http://shop.test'),
  originPathname: origin,
  routePattern: route,
  request: new Request(new URL(path, 'http://shop.test'), { headers }),
});

describe('the language of a request (Astro.locals.locale)', () => {
  test('the first path segment when it is a language', () => {
    expect(requestLocale(side('/ar/products'))).toBe('ar');
    expect(requestLocale(side('/en/'))).toBe('en');
  });

  test("after Astro.rewrite('/404') the address the shopper asked for speaks", () => {
    expect(requestLocale(side('/404', { origin: '/ar/single-product/99999', route: '/404' }))).toBe('ar');
  });

  test('the not-found page without a language in its address speaks the shopper’s (cookie, then Accept-Language)', () => {
    const arabic = { 'accept-language': 'ar-EG,ar;q=0.9' };
    expect(requestLocale(side('/missing.png', { route: '/404', headers: arabic }))).toBe('ar');
    expect(requestLocale(side('/missing.png', { route: '/404', headers: { ...arabic, cookie: 'i18n_redirected=en' } }))).toBe(
      'en',
    );
  });

  test('any other page without one: the default language', () => {
    expect(requestLocale(side('/500', { route: '/500', headers: { 'accept-language': 'ar' } }))).toBe('en');
  });

  test('an error page drawn without the middleware sets the locals itself, once', () => {
    const astro = { ...side('/ar/products', { route: '/500' }), locals: {} as App.Locals };
    expect(ensureLocaleLocals(astro)).toMatchObject({ locale: 'ar', dir: 'rtl' });
    expect(astro.locals.t.errors.title).toBeTruthy();
    const set = { ...side('/en/', { route: '/500' }), locals: astro.locals };
    expect(ensureLocaleLocals(set).locale).toBe('ar');
  });
});
