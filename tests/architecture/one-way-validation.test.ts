import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

/**
 * One way to read input (issue 21): routes declare `validate(target, schema)` (src/server/api/validation.ts), which
 * refuses with localized per-field messages; schemas are written with zod/mini only, because the forms ship them to
 * the browser and zod/mini is the tree-shakable build (form pages went from 102 to 85 KB when they moved to it).
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) ? [path] : [];
  });
}

const offending = (files: string[], pattern: RegExp) =>
  files.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => relative('.', file));

test('schemas use zod/mini, never the classic zod build', () => {
  const classic = new RegExp(`from '${'zod'}'`);
  expect(offending([...filesUnder('src'), ...filesUnder('scripts'), ...filesUnder('tests')], classic)).toEqual([]);
});

test('routes parse nothing by hand: validate() reads every body, query, param and header', () => {
  const routes = filesUnder('src/server/api').filter((file) => relative('.', file) !== 'src/server/api/validation.ts');
  expect(offending(routes, /\.safeParse(Async)?\(|\bsafeParse(Async)?\(|Schema\.parse\(/)).toEqual([]);
});
