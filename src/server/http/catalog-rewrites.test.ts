import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { catalogRewrite } from './catalog-rewrites.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'client-'));
mkdirSync(join(clientDir, 'en/products/category/1'), { recursive: true });
writeFileSync(join(clientDir, 'en/products/category/1/index.html'), '<!doctype html>');
const at = (path: string) => new URL(`http://shop.test${path}`);

it('serves a category listing from its pre-rendered file while the catalog is as the build saw it', () => {
  expect(catalogRewrite(at('/en/products?category=1'), clientDir)).toBe('/en/products/category/1/');
  // Any other parameter, or a listing no file exists for: rendered on demand.
  expect(catalogRewrite(at('/en/products?category=1&sort=price_asc'), clientDir)).toBeUndefined();
  expect(catalogRewrite(at('/en/products?category=2'), clientDir)).toBeUndefined();
});

it('renders it on demand once the catalog changed after the build (a product made, priced or hidden since)', () => {
  expect(catalogRewrite(at('/en/products?category=1'), clientDir, false)).toBeUndefined();
});
