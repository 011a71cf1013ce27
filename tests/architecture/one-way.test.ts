import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { Env } from '../../src/server/config.ts';

/**
 * One way (issue 21). One configuration module: the application reads the environment only in src/server/config.ts (the
 * entry point) and its parts in src/server/config/, where every variable is named and checked, and the README's
 * configuration table lists exactly what the server reads plus the build and tool variables it documents on purpose.
 */
const CONFIG = 'src/server/config.ts';
const CONFIG_PARTS = 'src/server/config/';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

test('nothing under src/ reads process.env but the configuration module; the server entry reads it through it', () => {
  const readers = [...filesUnder('src'), 'scripts/start.mjs']
    .filter((file) => relative('.', file) !== CONFIG && !relative('.', file).startsWith(CONFIG_PARTS))
    .filter((file) => /process\.env/.test(readFileSync(file, 'utf8')));
  expect(readers).toEqual([]);
});

test('everything outside the configuration module imports it through its entry point, never one of its parts', () => {
  const specifiers = /(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  const partImporters = [...filesUnder('src'), ...filesUnder('scripts')]
    .filter((file) => relative('.', file) !== CONFIG && !relative('.', file).startsWith(CONFIG_PARTS))
    .filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(specifiers)].some((m) =>
        relative('.', join(dirname(file), m[1]!)).startsWith(CONFIG_PARTS),
      ),
    );
  expect(partImporters.map((file) => relative('.', file))).toEqual([]);
});

// Read at build time (astro.config.ts, scripts/site-url.mjs) or by the tools (publish, bench), not by the server.
const BUILD_AND_TOOLS = ['GTM_ID', 'PUBLIC_BUILD', 'PUBLISH_VERBOSE', 'CHROMIUM_PATH'];

test("the README's configuration table lists every variable the server reads, and no other", () => {
  const readme = readFileSync('README.md', 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5));
  const documented = new Set([...table.matchAll(/^\|\s*`([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!));
  // Rows naming several variables (`TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, …) count each.
  for (const m of table.matchAll(/^\|([^|]+)\|/gm)) for (const v of m[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) documented.add(v[1]!);
  const read = Object.keys(Env.shape);
  expect(read.filter((name) => !documented.has(name))).toEqual([]);
  expect([...documented].filter((name) => !read.includes(name) && !BUILD_AND_TOOLS.includes(name))).toEqual([]);
});

test('money is converted between piastres and pounds only in src/lib/money.ts (no `/ 100` or `* 100` elsewhere)', () => {
  const conversions = filesUnder('src')
    .filter((file) => relative('.', file) !== 'src/lib/money.ts')
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /[/*]\s*100\b(?!\s*%)/.test(line.replace(/\/\/.*$|\/\*.*?\*\//g, '')) ? [`${relative('.', file)}:${i + 1}`] : [],
        ),
    );
  expect(conversions).toEqual([]);
});
