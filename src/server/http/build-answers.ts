import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * The ways a build's bundle answers a request straight from the server, before the work the request does not need
 * (issue 56, decision 035):
 * - `cachedPage`: a page its render cache holds (no static file lookup, no compression wrapper, no Astro request,
 *   middleware or Response): true when it did, false when the page is not cached and the request goes on as usual;
 * - `api`: an /api request, handed to the API (Hono) without Astro's routing, middleware and rendering pipeline, which
 *   do nothing for it but cost a third of a small answer's CPU.
 */
export interface BuildAnswers {
  cachedPage: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean;
  api: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}
export type CachedAnswer = BuildAnswers['cachedPage'];
export type ApiAnswer = BuildAnswers['api'];
type Kind = keyof BuildAnswers;

// On globalThis: each build's bundle (a separate module graph) registers its answers; the server asks the live build's.
const key = Symbol.for('coffee-marketplace.build-answers');
const store = globalThis as unknown as Record<symbol, Map<string, BuildAnswers[Kind]> | undefined>;
const registered = (store[key] ??= new Map());
const folders = new Map<string, string>();

/** Called by a bundle's module with its URL (inside its build's folder). */
export function registerBuildAnswer<K extends Kind>(kind: K, moduleUrl: string, answer: BuildAnswers[K]): void {
  registered.set(`${kind} ${moduleUrl}`, answer);
}

/**
 * The answer of the build in `buildDir`, once its bundle has loaded the module that registers it (the render cache and
 * the API load at the build's first on-demand request, through Astro); never another build's, whose pages and code
 * would be from before or after a publish.
 */
export function buildAnswerOf<K extends Kind>(kind: K, buildDir: string): BuildAnswers[K] | undefined {
  // Asked on each request until the build's module has registered (server.ts): the folder's URL made once.
  let folder = folders.get(buildDir);
  if (folder === undefined) folders.set(buildDir, (folder = `${pathToFileURL(buildDir).href}/`));
  const prefix = `${kind} ${folder}`;
  for (const [at, answer] of registered) if (at.startsWith(prefix)) return answer as BuildAnswers[K];
  return undefined;
}
