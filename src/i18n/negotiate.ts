import { defaultLocale, isLocale, type Locale } from './locales.ts';

/** Cookie that remembers the shopper's language (spec section 9: 365 days). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    // A cookie we cannot decode is a cookie we do not have (never an exception: issue 19).
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Picks the best of our locales from an Accept-Language header, honouring q-values. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((entry) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((e) => e.lang && Number.isFinite(e.q) && e.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((e) => e.lang).find(isLocale);
}

/** Cookie first, then Accept-Language, then English. */
export function preferredLocale(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  const fromCookie = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return fromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}

/** The first path segment when it is a locale (`/ar/products` → `ar`). */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : undefined;
}
