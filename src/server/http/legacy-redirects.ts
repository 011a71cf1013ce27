/**
 * Permanent redirects answered by the server before any file is looked up:
 * - the spec names the coffee shops page /coffe-shops; the correct spelling is what people type;
 * - the spec's optional ids (section 2): /articles, /reviews, /single-recipe and /single-product without an id
 *   go to their listing with a real 301 (the pre-rendered pages there only serve `astro dev`).
 */
const rules: [RegExp, string][] = [
  [/^\/(en|ar)\/coffee-shops(\/.*)?$/, '/$1/coffe-shops$2'],
  [/^\/(en|ar)\/articles\/?$/, '/$1/blog/articles'],
  [/^\/(en|ar)\/reviews\/?$/, '/$1/blog/reviews'],
  [/^\/(en|ar)\/single-recipe\/?$/, '/$1/recipes'],
  [/^\/(en|ar)\/single-product\/?$/, '/$1/products'],
];

/** The target of a legacy path (query kept), or undefined. */
export function legacyRedirect(url: URL): string | undefined {
  for (const [pattern, target] of rules)
    if (pattern.test(url.pathname)) return url.pathname.replace(pattern, target).replace(/\/$/, '') + url.search;
  return undefined;
}
