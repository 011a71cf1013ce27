import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importTargets } from './import-targets.ts';

/**
 * One wing per audience (decision 026): the shop's browser code never reaches into the desk's or the seller portal's
 * wing, and the two wings do not reach into each other; what they share lives in the shared services, `src/kit` or
 * the listed shared modules.
 */
const source = /\.(ts|tsx|mts|mjs|astro)$/;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return source.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** `file → target` for each import of a file under `from` that lands under one of `into`, minus the allowed ones. */
export function crossings(files: Record<string, string>, into: string[], allowed: string[] = []): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    importTargets(file, text)
      .filter((target) => into.some((wing) => target.startsWith(`${wing}/`)))
      .filter((target) => !allowed.some((shared) => target.startsWith(shared)))
      .map((target) => `${file} → ${target}`),
  );
}

const read = (dirs: string[]) => Object.fromEntries(dirs.flatMap(filesUnder).map((f) => [f, readFileSync(f, 'utf8')]));

/** What the desk may call in the seller portal's wing, and why. */
const DESK_MAY_CALL: Record<string, string> = {
  'src/seller/accounts/server/invitations.ts': "approving a partner application invites the new seller's owner",
  'src/seller/accounts/server/authenticator-reset.ts':
    'staff give a seller owner who lost their authenticator a new link through the portal’s one reset (issue 50)',
};

/** What the seller portal may call in the desk's wing, and why. */
const SELLER_MAY_CALL: Record<string, string> = {
  'src/desk/staff/': 'the sign-in steps are one island for staff and sellers (their `side`)',
  'src/desk/catalog/': 'the product editor and the CSV import are the desk’s, shared with a seller’s own products',
  'src/desk/sellers/SellerStatementPage.astro': 'a statement is drawn as the desk draws it (same numbers, one drawing)',
  'src/desk/reviews/ReviewCard.tsx': 'a review and its reply are drawn as the desk’s queue draws them (issue 52)',
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

  test('each listed crossing is still made (a crossing that went away leaves its list)', () => {
    const made = (from: string, into: string, allowed: Record<string, string>) => {
      const all = crossings(read([from]), [into]);
      return Object.keys(allowed).filter((target) => !all.some((crossing) => crossing.includes(` → ${target}`)));
    };
    expect(made('src/desk', 'src/seller', DESK_MAY_CALL)).toEqual([]);
    expect(made('src/seller', 'src/desk', SELLER_MAY_CALL)).toEqual([]);
  });

  test('the check sees a planted crossing', () => {
    const planted = { 'src/islands/cart/Bad.tsx': "import { deskPage } from '../../desk/shell/server/desk-page.ts';\n" };
    expect(crossings(planted, ['src/desk', 'src/seller'])).toEqual([
      'src/islands/cart/Bad.tsx → src/desk/shell/server/desk-page.ts',
    ]);
  });
});
