import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { importTargets } from './import-targets.ts';

/**
 * No module of ours imports itself back, directly or through others (type imports included): a circle makes
 * load order matter (a half-initialised module at start-up) and blurs which layer owns what.
 */
const roots = ['src', 'scripts'];
const source = /\.(ts|tsx|mts|mjs|astro)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return source.test(entry.name) && !entry.name.includes('.test.') ? [resolve(path)] : [];
  });
}

/** Each circle once, as the chain of files that closes it. */
export function importCycles(files: string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = importTargets(relative('.', file), text).map((target) => resolve(target));
      return [file, targets.filter((t) => known.has(t))];
    }),
  );
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

test('no import circles in src or scripts', () => {
  const cycles = importCycles(roots.flatMap((root) => filesUnder(root)));
  expect(cycles.map((chain) => chain.map((f) => relative(process.cwd(), f)).join(' -> '))).toEqual([]);
});

test('the check finds a circle when there is one', () => {
  const dir = resolve('tests/architecture/fixtures/circle');
  expect(importCycles(filesUnder(dir)).map((chain) => chain.map((f) => relative(dir, f)))).toEqual([['a.ts', 'b.ts', 'a.ts']]);
});
