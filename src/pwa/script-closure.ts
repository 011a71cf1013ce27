import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';

/**
 * What JavaScript a built page loads: its module scripts and island components/renderers, and everything those import,
 * statically or dynamically. Shared by `npm run size` (scripts/size.mjs) and the service worker's precache list
 * (src/pwa/integration.ts), so both read a page the same way.
 */

// Minified bundles write `import{a as b}from"./x.js"`, `import"./x.js"`, `import("./x.js")` and `import(\`./x.js\`)`.
const importRe = /(?:\bfrom|\bimport)\s*\(?\s*["'`]([^"'`]+\.m?js)["'`]/g;

/** The site-absolute scripts a page's HTML names: module scripts, island components and renderers. */
export function scriptEntries(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) if (m[1]) found.add(m[1]);
  for (const m of html.matchAll(/\s(?:component-url|renderer-url)="([^"]+)"/g)) if (m[1]) found.add(m[1]);
  return [...found].filter((u) => u.startsWith('/')).map((u) => u.split('?')[0]!);
}

/** The paths a script imports, resolved against its own path. */
export function importsOf(asset: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(importRe)) {
    const spec = m[1];
    if (!spec || /^[a-z]+:/.test(spec)) continue;
    found.push(spec.startsWith('/') ? spec : posix.join(posix.dirname(asset), spec));
  }
  return found;
}

/** Every script reachable from `entries`, each once; `read` gives a script's text (empty when missing). */
export async function scriptClosure(entries: readonly string[], read: (asset: string) => Promise<string>): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const asset = queue.pop()!;
    if (seen.has(asset)) continue;
    seen.add(asset);
    queue.push(...importsOf(asset, await read(asset)));
  }
  return seen;
}

/** Reads built scripts from a client directory (dist/client), an empty text for a file that is not there. */
export const readFromClientDir =
  (clientDir: string) =>
  (asset: string): Promise<string> =>
    readFile(join(clientDir, asset), 'utf8').catch(() => '');
