import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importTargets } from './import-targets.ts';

/**
 * One shared core under every wing (issue 48): what every audience uses (order moves and confirmation, cancellation,
 * refunds, the audit log and its actors, second factors, permissions' vocabulary, the seller ledger's writers) lives in
 * `src/core/<domain>/`. The core imports no wing; the shared code around it (the shop's server, lib, i18n, the kit,
 * the shop's browser code) imports no wing either. The wings are plugged in at one place, `src/app/` (the API app that
 * mounts the desk's and the seller portal's routes, their OpenAPI documents, the one job starter).
 */
const source = /\.(ts|tsx|mts|mjs|astro)$/;
const WINGS = ['src/desk', 'src/seller', 'src/pages'];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    // tests may import anything they check (the desk's templates rendered in Arabic, …)
    return source.test(entry.name) && !entry.name.includes('.test.') ? [path.replaceAll('\\', '/')] : [];
  });
}

/** `file → target` for every import of `files` that lands in a wing, minus the files allowed to. */
export function wingImports(files: Record<string, string>, allowedFiles: string[] = []): string[] {
  return Object.entries(files)
    .filter(([file]) => !allowedFiles.includes(file))
    .flatMap(([file, text]) =>
      importTargets(file, text)
        .filter((target) => WINGS.some((wing) => target.startsWith(`${wing}/`)))
        .map((target) => `${file} → ${target}`),
    );
}

const read = (dirs: string[]) => Object.fromEntries(dirs.flatMap(filesUnder).map((f) => [f, readFileSync(f, 'utf8')]));

/** The shared code: everything in src but the wings, the route files and the composition root (src/app). */
const SHARED = [
  'src/core',
  'src/server',
  'src/lib',
  'src/i18n',
  'src/kit',
  'src/components',
  'src/islands',
  'src/stores',
  'src/scripts',
  'src/pwa',
  'src/layouts',
];

describe('the shared core imports no wing (issue 48)', () => {
  test('src/core imports nothing from the desk, the seller portal or the routes', () => {
    expect(wingImports(read(['src/core']))).toEqual([]);
  });

  test('shared code imports no wing: only src/app, where the wings are plugged in, names them', () => {
    expect(wingImports(read(SHARED))).toEqual([]);
  });

  test('the check sees a planted import, relative or by name', () => {
    const planted = {
      'src/core/orders/server/bad.ts': "import { deskPage } from '#desk/shell/server/desk-page.ts';\n",
      'src/core/audit/server/bad.ts': "import { team } from '../../../seller/accounts/server/team.ts';\n",
    };
    expect(wingImports(planted)).toEqual([
      'src/core/orders/server/bad.ts → src/desk/shell/server/desk-page.ts',
      'src/core/audit/server/bad.ts → src/seller/accounts/server/team.ts',
    ]);
  });
});
