import { LOCALE_SEGMENT } from '#i18n/locales.ts';

/**
 * Permanent redirects answered by the server before any file is looked up:
 * - the spec names the coffee shops page /coffe-shops; the correct spelling is what people type;
 * - the spec's optional ids (section 2): /articles, /reviews, /single-recipe and /single-product without an id
 *   go to their listing with a real 301 (the pre-rendered pages there only serve `astro dev`).
 */
const rules: [RegExp, string][] = [
  [new RegExp(`^/${LOCALE_SEGMENT}/coffee-shops(/.*)?$`), '/$1/coffe-shops$2'],
  [new RegExp(`^/${LOCALE_SEGMENT}/articles/?$`), '/$1/blog/articles'],
  [new RegExp(`^/${LOCALE_SEGMENT}/reviews/?$`), '/$1/blog/reviews'],
  [new RegExp(`^/${LOCALE_SEGMENT}/single-recipe/?$`), '/$1/recipes'],
  [new RegExp(`^/${LOCALE_SEGMENT}/single-product/?$`), '/$1/products'],
];

/** The target of a legacy path (query kept), or undefined. */
export function legacyRedirect(url: URL): string | undefined {
  for (const [pattern, target] of rules)
    if (pattern.test(url.pathname)) return url.pathname.replace(pattern, target).replace(/\/$/, '') + url.search;
  return undefined;
}
