import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { Env } from '../../src/server/config.ts';
import { importTargets } from './import-targets.ts';

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
  const partImporters = [...filesUnder('src'), ...filesUnder('scripts')]
    .filter((file) => relative('.', file) !== CONFIG && !relative('.', file).startsWith(CONFIG_PARTS))
    .filter((file) =>
      importTargets(relative('.', file), readFileSync(file, 'utf8')).some((target) => target.startsWith(CONFIG_PARTS)),
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

/**
 * One store of uploads (issue 54): photos, avatars and partner documents are read and written through `uploadStore()`
 * (src/server/uploads/upload-store.ts), never on a path of their own, so STORAGE_URL moves every one of them. The
 * folder (`uploadsDir`) is the disk adapter's and the backups' (which copy it whole) alone; the adapters are made in
 * upload-store.ts alone.
 */
const UPLOAD_FOLDER_READERS = ['src/server/uploads/upload-store.ts', 'src/server/ops/backup/'];
const ADAPTERS = ['src/server/uploads/disk-store.ts', 'src/server/uploads/s3-store.ts'];

test('uploads go through the one store: nothing else names the uploads folder or makes a store adapter', () => {
  const isConfig = (file: string) => file === CONFIG || file.startsWith(CONFIG_PARTS);
  const files = [...filesUnder('src'), ...filesUnder('scripts')].map((file) => relative('.', file)).filter((f) => !isConfig(f));
  const folderReaders = files
    .filter((file) => !UPLOAD_FOLDER_READERS.some((allowed) => file.startsWith(allowed)) && !ADAPTERS.includes(file))
    .filter((file) =>
      /\buploadsDir\b|\b(?:serverConfig\(\)|config)\.storage\b/.test(
        readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''),
      ),
    );
  // The backup script hands the folder to takeBackup, the restore script to restoreBackup; the bench makes its own.
  expect(
    folderReaders.filter((f) => !['scripts/backup.mjs', 'scripts/restore.mjs', 'scripts/bench/backup.mjs'].includes(f)),
  ).toEqual([]);
  const adapterMakers = files
    .filter((file) => file !== 'src/server/uploads/upload-store.ts')
    .filter((file) => importTargets(file, readFileSync(file, 'utf8')).some((target) => ADAPTERS.includes(target)));
  expect(adapterMakers).toEqual([]);
});
