import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * One wing per audience (decision 026): the shop's browser code never reaches into the desk's or the seller portal's
 * wing, and the two wings do not reach into each other; what they share lives in the shared services, `src/kit` or
 * the listed shared modules.
 */
const source = /\.(ts|tsx|mts|mjs|astro)$/;
const importSpecifier =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return source.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

const repoPath = (file: string, spec: string) => relative('.', resolve(dirname(file), spec)).replaceAll('\\', '/');

/** `file → target` for each import of a file under `from` that lands under one of `into`, minus the allowed ones. */
export function crossings(files: Record<string, string>, into: string[], allowed: string[] = []): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    [...text.matchAll(importSpecifier)]
      .map((m) => repoPath(file, (m[1] ?? m[2])!))
      .filter((target) => into.some((wing) => target.startsWith(`${wing}/`)))
      .filter((target) => !allowed.some((shared) => target.startsWith(shared)))
      .map((target) => `${file} → ${target}`),
  );
}

const read = (dirs: string[]) => Object.fromEntries(dirs.flatMap(filesUnder).map((f) => [f, readFileSync(f, 'utf8')]));

/** What the desk may call in the seller portal's wing, and why. */
const DESK_MAY_CALL: Record<string, string> = {
  'src/seller/accounts/server/invitations.ts': "approving a partner application invites the new seller's owner",
  'src/seller/accounts/permissions.ts': 'the desk shows a seller member’s role by the portal’s own table',
};

/** What the seller portal may call in the desk's wing, and why. */
const SELLER_MAY_CALL: Record<string, string> = {
  'src/desk/audit/': 'seller members’ writes go to the one audit log',
  'src/desk/shell/admin-client.ts': 'the one API client of both staff-side wings (its `side` picks /api/seller)',
  'src/desk/staff/': 'the sign-in steps are one island for staff and sellers (their `side`)',
  'src/desk/catalog/': 'the product editor and the CSV import are the desk’s, shared with a seller’s own products',
  'src/desk/shell/server/params.ts': 'one way to read an id parameter',
  'src/desk/shell/server/desk-docs.ts': 'one way to document a staff-side answer (desk islands’ shapes)',
  'src/desk/sellers/SellerStatementPage.astro': 'a statement is drawn as the desk draws it (same numbers, one drawing)',
  'src/desk/orders/Timeline.astro': 'an order part’s events are drawn as the desk draws an order’s',
};

/** The shop's browser code: what a shopper's page loads. */
const shopBrowser = ['src/components', 'src/islands', 'src/stores', 'src/scripts', 'src/pwa'];

describe('each audience keeps to its wing', () => {
  test('the shop’s browser code imports nothing from the desk or the seller portal', () => {
    expect(crossings(read(shopBrowser), ['src/desk', 'src/seller'])).toEqual([]);
  });

  test('the desk does not import the seller portal, but for the listed services', () => {
    expect(crossings(read(['src/desk']), ['src/seller'], Object.keys(DESK_MAY_CALL))).toEqual([]);
  });

  test('the seller portal does not import the desk, but for the listed services', () => {
    expect(crossings(read(['src/seller']), ['src/desk'], Object.keys(SELLER_MAY_CALL))).toEqual([]);
  });

  test('the check sees a planted crossing', () => {
    const planted = { 'src/islands/cart/Bad.tsx': "import { can } from '../../desk/shell/permissions.ts';\n" };
    expect(crossings(planted, ['src/desk', 'src/seller'])).toEqual(['src/islands/cart/Bad.tsx → src/desk/shell/permissions.ts']);
  });
});
