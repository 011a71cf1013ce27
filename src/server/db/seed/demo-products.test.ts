import { expect, test } from 'vitest';
import { demoProducts } from './demo-products.ts';
import { categories, sellers } from './taxonomy.ts';

const products = demoProducts();

test('the demo catalog has at least 150 bilingual products with unique slugs and SKUs', () => {
  expect(products.length).toBeGreaterThanOrEqual(150);
  expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
  expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
  for (const p of products) {
    expect(p.nameAr).toMatch(/[\u0600-\u06FF]/);
    expect(p.descriptionEn).not.toContain('{notes}');
    expect(Number.isInteger(p.price) && p.price > 0).toBe(true);
  }
});

test('it covers the cases the shop must handle: discounts, sold-out items, weights, badges, variants', () => {
  expect(products.some((p) => p.beforeDiscount !== null && p.beforeDiscount > p.price)).toBe(true);
  expect(products.filter((p) => p.stock === 0).length).toBeGreaterThan(3);
  expect(products.some((p) => p.weightGrams !== null && p.weightGrams >= 1000)).toBe(true);
  expect(products.some((p) => p.badgeEn !== null)).toBe(true);
  const groups = new Set(products.filter((p) => p.variantGroup).map((p) => p.variantGroup));
  expect(groups.size).toBeGreaterThan(10);
});

test('it is identical on every run, and only references known sub-categories and sellers', () => {
  expect(demoProducts()).toEqual(products);
  const subs = new Set(categories.flatMap((c) => c.subs.map((s) => s.slug)));
  const sellerSlugs = new Set(sellers.map((s) => s.slug));
  for (const p of products) {
    expect(subs.has(p.subSlug)).toBe(true);
    expect(sellerSlugs.has(p.sellerSlug)).toBe(true);
  }
});
