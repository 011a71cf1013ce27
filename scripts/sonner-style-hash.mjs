// Sonner injects its stylesheet as a <style> element at run time; the CSP allows exactly that text by its hash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** 'sha256-…' of the CSS text sonner inserts, read from the installed package so upgrades stay in sync. */
export function sonnerStyleHash() {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8');
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error('sonner no longer injects its CSS the way scripts/sonner-style-hash.mjs expects');
  return `sha256-${createHash('sha256').update(JSON.parse(literal)).digest('base64')}`;
}
