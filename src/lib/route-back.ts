import { LOCALE_SEGMENT, type Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';

const LOCALE_PREFIX = new RegExp(`^/${LOCALE_SEGMENT}(?=/|$)`);

/**
 * Route names of spec section 2 that /login may return to (routeBack + routeParams JSON). Only these names are
 * accepted and every parameter must be a plain id, so the result is always a path on this site: never an open
 * redirect. Anything else falls back to home.
 */
const ROUTES: { name: string; path: string }[] = [
  { name: 'index', path: '/' },
  { name: 'single-product-id', path: '/single-product/:id' },
  { name: 'seller-profile-id', path: '/seller-profile/:id' },
  { name: 'checkout-cart', path: '/checkout/cart' },
  { name: 'checkout-checkout-payment', path: '/checkout/checkout-payment' },
  { name: 'products', path: '/products' },
  { name: 'offers', path: '/offers' },
  { name: 'recipes', path: '/recipes' },
  { name: 'blog', path: '/blog' },
  { name: 'coffe-shops', path: '/coffe-shops' },
  { name: 'about-us', path: '/about-us' },
  { name: 'contact-us', path: '/contact-us' },
  { name: 'become-partner', path: '/become-partner' },
  { name: 'profile', path: '/profile' },
  { name: 'profile-account-setting', path: '/profile/account-setting' },
  { name: 'profile-address-book', path: '/profile/address-book' },
  { name: 'profile-my-wish-list', path: '/profile/my-wish-list' },
  { name: 'profile-order-history', path: '/profile/order-history' },
];

const SAFE_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

/** Where login sends the shopper: the named route with its params, or home. */
export function routeBackPath(locale: Locale, routeBack: string | null, routeParams: string | null): string {
  const home = localePath(locale, '/');
  const route = ROUTES.find((r) => r.name === routeBack);
  if (!route) return home;
  let params: unknown = {};
  try {
    params = routeParams ? JSON.parse(routeParams) : {};
  } catch {
    return home;
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return home;
  const values = params as Record<string, unknown>;
  let ok = true;
  const path = route.path.replace(/:(\w+)/g, (_m, key: string) => {
    const value = values[key];
    if (typeof value !== 'string' && typeof value !== 'number') ok = false;
    const text = String(value);
    if (!SAFE_PARAM.test(text)) ok = false;
    return text;
  });
  return ok ? localePath(locale, path) : home;
}

/** The route name and params of a page path (locale prefix stripped), for the login link's routeBack. */
export function routeOfPath(pathname: string): { name: string; params: Record<string, string> } | null {
  const bare = pathname.replace(LOCALE_PREFIX, '').replace(/\/$/, '') || '/';
  for (const route of ROUTES) {
    const keys: string[] = [];
    const pattern = route.path.replace(/:(\w+)/g, (_m, key: string) => (keys.push(key), '([A-Za-z0-9_-]+)'));
    const match = new RegExp(`^${pattern}$`).exec(bare);
    if (match) return { name: route.name, params: Object.fromEntries(keys.map((k, i) => [k, match[i + 1]!])) };
  }
  return null;
}
