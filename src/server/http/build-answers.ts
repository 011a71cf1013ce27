import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * Answers a request from a build's render cache before the server does anything else for it (no static file lookup,
 * no compression wrapper, no Astro request, middleware or Response): true when it did, false when the page is not
 * cached and the request goes on as usual (issue 56: a cached product page paid the whole stack for a copy).
 */
export type CachedAnswer = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean;

// On globalThis: each build's bundle (a separate module graph) registers its cache; the server asks the live build's.
const key = Symbol.for('coffee-marketplace.cached-answers');
const store = globalThis as unknown as Record<symbol, Map<string, CachedAnswer> | undefined>;
const registered = (store[key] ??= new Map());

/** Called by a bundle's render cache with its module's URL (inside its build's folder). */
export function registerCachedAnswer(moduleUrl: string, answer: CachedAnswer): void {
  registered.set(moduleUrl, answer);
}

/**
 * The cache of the build in `buildDir`, once its bundle has loaded its render cache (at its first on-demand request);
 * never another build's, whose pages would be from before or after a publish.
 */
export function cachedAnswerOf(buildDir: string): CachedAnswer | undefined {
  const prefix = `${pathToFileURL(buildDir).href}/`;
  for (const [url, answer] of registered) if (url.startsWith(prefix)) return answer;
  return undefined;
}
