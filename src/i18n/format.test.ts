import { describe, expect, test } from 'vitest';
import { formatMoney, formatOrderAddress, formatWeight, sortByName } from './format.ts';
import { numberMessages } from './messages/numbers.ts';
import { switchLocale, productsPath } from './routes.ts';
import { interpolate, plural } from './t.ts';

describe('money', () => {
  test('piastres become EGP with Latin digits in both languages', () => {
    expect(formatMoney(52000, 'en')).toMatch(/EGP\s?520$/);
    expect(formatMoney(1850000, 'en')).toMatch(/18,500/);
    expect(formatMoney(52050, 'en')).toMatch(/520\.50/);
    const ar = formatMoney(52000, 'ar');
    expect(ar).toContain('520');
    expect(ar).toContain('ج.م');
    expect(ar).not.toMatch(/[٠-٩]/);
  });
  test('never loses a piaster to floating point', () => {
    expect(formatMoney(1, 'en')).toMatch(/0\.01/);
    expect(formatMoney(1999, 'en')).toMatch(/19\.99/);
  });
});

describe('weight', () => {
  test('grams in G, a kilogram and above in k.G', () => {
    expect(formatWeight(250, 'en')).toBe('250 G');
    expect(formatWeight(1000, 'en')).toBe('1 k.G');
    expect(formatWeight(1500, 'en')).toBe('1.5 k.G');
    expect(formatWeight(250, 'ar')).toBe('250 جم');
    expect(formatWeight(2000, 'ar')).toBe('2 كجم');
  });
});

describe('units and separators come from the dictionaries', () => {
  test('changing the dictionary changes what is shown, code untouched', () => {
    const saved = { ...numberMessages.ar };
    try {
      Object.assign(numberMessages.ar, { group: '٬', decimal: '٫', kilogram: 'كغ' });
      expect(formatMoney(1234550, 'ar')).toContain('12٬345٫50');
      expect(formatWeight(1500, 'ar')).toBe('1٫5 كغ');
      // English is its own dictionary.
      expect(formatMoney(1234550, 'en')).toMatch(/12,345\.50/);
    } finally {
      Object.assign(numberMessages.ar, saved);
    }
    expect(formatMoney(1234550, 'ar')).toContain('12,345.50');
  });
});

describe('routes', () => {
  test('switching language keeps the page and the query', () => {
    expect(switchLocale('/en/products?category=1', 'ar')).toBe('/ar/products?category=1');
    expect(switchLocale('/ar/', 'en')).toBe('/en/');
    expect(switchLocale('/ar', 'en')).toBe('/en/');
    expect(switchLocale('/en/single-product/5', 'ar')).toBe('/ar/single-product/5');
    // Pre-rendered pages see their path with a slash; the link is the canonical form without it.
    expect(switchLocale('/ar/single-product/64/', 'en')).toBe('/en/single-product/64');
    expect(switchLocale('/en/login/?routeBack=x', 'ar')).toBe('/ar/login?routeBack=x');
  });
  test('products URLs carry only the given parameters', () => {
    expect(productsPath('ar', { category: 2, subCategory: 7 })).toBe('/ar/products?category=2&subCategory=7');
    expect(productsPath('en', { category: undefined })).toBe('/en/products');
  });
});

describe('texts', () => {
  test('interpolation keeps unknown placeholders visible', () => {
    expect(interpolate('Page {page} of {pages}', { page: 2 })).toBe('Page 2 of {pages}');
  });
  test('plural rules per language', () => {
    expect(plural({ one: '{count} product', other: '{count} products' }, 1, 'en')).toBe('1 product');
    expect(plural({ one: '{count} product', other: '{count} products' }, 3, 'en')).toBe('3 products');
    expect(plural({ one: 'منتج واحد', other: '{count} منتج' }, 1, 'ar')).toBe('منتج واحد');
  });
  test('Arabic names sort with Arabic collation', () => {
    const sorted = sortByName(['مطاحن', 'أكواب', 'بن'], (s) => s, 'ar');
    expect(sorted).toEqual(['أكواب', 'بن', 'مطاحن']);
  });
});

describe('interpolateParts', () => {
  test('keeps the text between placeholders and marks each filled value', async () => {
    const { interpolateParts } = await import('./interpolate.ts');
    expect(interpolateParts('تغيّر السعر من {from} إلى {to}', { from: 'EGP 5', to: 'EGP 6' })).toEqual([
      'تغيّر السعر من ',
      { key: 'from', value: 'EGP 5' },
      ' إلى ',
      { key: 'to', value: 'EGP 6' },
    ]);
    expect(interpolateParts('{missing} stays', {})).toEqual(['{missing}', ' stays']);
  });
});

describe('formatOrderAddress', () => {
  const address = { street: '12 Tahrir St', area: 'Dokki', city: 'Giza', governorateEn: 'Giza', governorateAr: 'الجيزة' };
  test('names the governorate in the page language, with its comma', () => {
    expect(formatOrderAddress(address, 'en')).toBe('12 Tahrir St, Dokki, Giza, Giza');
    expect(formatOrderAddress(address, 'ar')).toBe('12 Tahrir St، Dokki، Giza، الجيزة');
  });
});
