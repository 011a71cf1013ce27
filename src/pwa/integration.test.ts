import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildId, shellFiles, siteUrlOf } from './integration.ts';

/** The precache list is read from the build itself (decision 025): what its pages load, not a list kept by hand. */
const client = mkdtempSync(join(tmpdir(), 'bb-shell-'));
afterAll(() => rmSync(client, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(client, path)), { recursive: true });
  writeFileSync(join(client, path), text);
};

describe('the shell the worker precaches', () => {
  write(
    'en/index.html',
    '<script type="module" src="/_astro/shell.A1.js"></script><astro-island component-url="/_astro/Cards.B2.js" renderer-url="/_astro/client.C3.js">',
  );
  write('ar/index.html', '<script type="module" src="/_astro/shell.A1.js"></script>');
  write('en/checkout/cart/index.html', '<astro-island component-url="/_astro/CartPage.D4.js">');
  write('_astro/shell.A1.js', 'import{a}from"./session.E5.js";import("./cart-sync.F6.js")');
  write('_astro/session.E5.js', 'export const a=1');
  write('_astro/cart-sync.F6.js', 'export const b=1');
  write('_astro/Cards.B2.js', '');
  write('_astro/client.C3.js', '');
  write('_astro/CartPage.D4.js', '');
  write('_astro/AdminDesk.G7.js', 'export const desk=1');

  test("holds the scripts the home and cart pages load, with what they import, and nothing of other pages'", async () => {
    const patterns = await shellFiles(client);
    const scripts = patterns.filter((p) => p.endsWith('.js')).sort();
    expect(scripts).toEqual(
      [
        '_astro/CartPage.D4.js',
        '_astro/Cards.B2.js',
        '_astro/cart-sync.F6.js',
        '_astro/client.C3.js',
        '_astro/session.E5.js',
        '_astro/shell.A1.js',
      ].sort(),
    );
    expect(patterns).toEqual(
      expect.arrayContaining(['_astro/*.css', 'favicon.svg', '*/manifest.webmanifest', '*/offline/index.html']),
    );
  });
});

test('pages are precached at the address they are asked for', () => {
  expect(siteUrlOf('en/offline/index.html')).toBe('/en/offline/');
  expect(siteUrlOf('ar/offline/checkout/index.html')).toBe('/ar/offline/checkout/');
  expect(siteUrlOf('_astro/shell.A1.js')).toBe('/_astro/shell.A1.js');
});

test("a publish's worker is versioned with the publish's build id", () => {
  expect(buildId('/srv/shop/builds/20261126-153120-5390')).toBe('20261126-153120-5390');
  expect(buildId('builds/20261126-153120-5390/')).toBe('20261126-153120-5390');
  expect(buildId('./dist')).toMatch(/^\d{4}-\d\d-\d\dT/);
});
