import { defaultLocale, directionOf, type Locale } from './locales.ts';
import { localeOfPath, preferredLocale } from './negotiate.ts';
import { dictionary } from './t.ts';

/** What every page, layout and component reads from `Astro.locals` (declared in src/env.d.ts, set by src/middleware.ts). */
export type LocaleLocals = Pick<App.Locals, 'locale' | 't' | 'dir'>;

/** The part of Astro's request context the locale is read from (both `Astro` and the middleware's context have it). */
interface RequestSide {
  url: URL;
  originPathname: string;
  routePattern: string;
  request: Request;
}

/**
 * The language a request's page speaks: the first segment of the address the shopper asked for (after
 * `Astro.rewrite('/404')` the page's own URL is /404, so the origin comes first), else of the page's URL. An address
 * without one (a missing file, a bare path the server answers 404 for) gets the not-found page in the shopper's
 * language (cookie, then Accept-Language); anything else, the default language.
 */
export function requestLocale(context: RequestSide): Locale {
  const fromPath = localeOfPath(context.originPathname) ?? localeOfPath(context.url.pathname);
  if (fromPath) return fromPath;
  if (context.routePattern !== '/404') return defaultLocale;
  const { headers } = context.request;
  return preferredLocale(headers.get('cookie'), headers.get('accept-language'));
}

/** The locale, its dictionary and its direction: `Astro.locals.locale`, `.t` and `.dir`. */
export const localeLocals = (locale: Locale): LocaleLocals => ({ locale, t: dictionary(locale), dir: directionOf(locale) });

/**
 * The error pages' guard: when the middleware itself failed, Astro draws 500 (or 404) again without it, so without
 * locals. Sets them the middleware's way; does nothing when the middleware ran.
 */
export function ensureLocaleLocals(astro: RequestSide & { locals: App.Locals }): LocaleLocals {
  if (!('t' in astro.locals)) Object.assign(astro.locals, localeLocals(requestLocale(astro)));
  return astro.locals;
}
