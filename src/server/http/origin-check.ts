/**
 * Cross-site form posts to on-demand pages are refused here, as Astro's own origin check did (`security.checkOrigin`,
 * off in astro.config.ts). Astro's check also stood in front of the API, where it answered a request without an
 * `Origin` (a `curl -F` upload, any client without a browser) with a plain-text 403 before the API could speak: the API
 * checks origins itself (`sameOriginOnly` on the back office and the cookie routes, session-cookie.ts) and answers
 * every refusal in its error model, in the reader's language. So /api is left to the API.
 */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function crossSiteFormPost(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method) || url.pathname.startsWith('/api/')) return false;
  if (request.headers.get('origin') === url.origin) return false;
  const type = request.headers.get('content-type');
  return type === null || FORM_TYPES.some((form) => type.toLowerCase().includes(form));
}

/** The answer to a refused cross-site form post (a page, so no error model: there is no API client to read one). */
export const crossSiteRefusal = (request: Request): Response =>
  new Response(`Cross-site ${request.method} form submissions are forbidden`, {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
