/**
 * Permanent redirects for well-known misspellings of our routes. The spec names the coffee shops page
 * /coffe-shops; the correct spelling is what people type, so it answers with a 301 to the spec's route.
 */
const rules: [RegExp, string][] = [[/^\/(en|ar)\/coffee-shops(\/.*)?$/, '/$1/coffe-shops$2']];

/** The target of a legacy path (query kept), or undefined. */
export function legacyRedirect(url: URL): string | undefined {
  for (const [pattern, target] of rules)
    if (pattern.test(url.pathname)) return url.pathname.replace(pattern, target).replace(/\/$/, '') + url.search;
  return undefined;
}
