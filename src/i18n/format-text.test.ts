import { describe, expect, test } from 'vitest';
import { formatAddress, formatList, formatOrderId, formatSignedMoney } from './format.ts';
import { dictionary, interpolate, plural } from './t.ts';

const LRI = '\u2066';
const PDI = '\u2069';

describe('signed amounts', () => {
  test('English debits and credits carry a real minus sign (U+2212) or a plus, never a hyphen', () => {
    // Intl puts a no-break space between the currency and the number.
    expect(formatSignedMoney(-15000, 'en')).toMatch(/^−EGP\s150$/);
    expect(formatSignedMoney(15000, 'en')).toMatch(/^\+EGP\s150$/);
    expect(formatSignedMoney(-15050, 'en')).toMatch(/^−EGP\s150\.50$/);
    expect(formatSignedMoney(0, 'en')).toMatch(/^EGP\s0$/);
    expect(formatSignedMoney(-15000, 'en')).not.toContain('-');
  });
  test('in Arabic the sign stays before the digits, isolated left-to-right, with Arabic currency text', () => {
    const debit = formatSignedMoney(-15000, 'ar');
    expect(debit).toContain(`${LRI}−150${PDI}`);
    expect(debit).toContain('ج.م.');
    expect(debit).not.toContain('-');
    expect(formatSignedMoney(250000, 'ar')).toContain(`${LRI}+2,500${PDI}`);
  });
});

describe('lists and addresses', () => {
  test('lists join with the language’s own words', () => {
    expect(formatList(['Espresso', 'Filter', 'Cold brew'], 'en')).toBe('Espresso, Filter, and Cold brew');
    expect(formatList(['إسبريسو', 'فلتر', 'قهوة باردة'], 'ar')).toBe('إسبريسو وفلتر وقهوة باردة');
  });
  test('English addresses use Latin commas, Arabic ones Arabic commas, and empty parts are left out', () => {
    expect(formatAddress(['Building 12', 'Fifth Settlement', '', 'New Cairo', 'Cairo'], 'en')).toBe(
      'Building 12, Fifth Settlement, New Cairo, Cairo',
    );
    expect(formatAddress(['شارع 9', 'المعادي', null, 'القاهرة'], 'ar')).toBe('شارع 9، المعادي، القاهرة');
  });
});

describe('counted phrases', () => {
  const ar = dictionary('ar');
  const en = dictionary('en');
  test('Arabic counts take the dual, the plural and the accusative singular', () => {
    expect(plural(ar.catalog.productsCount, 1, 'ar')).toBe('منتج واحد');
    expect(plural(ar.catalog.productsCount, 2, 'ar')).toBe('منتجان');
    expect(plural(ar.catalog.productsCount, 5, 'ar')).toBe('5 منتجات');
    expect(plural(ar.catalog.productsCount, 17, 'ar')).toBe('17 منتجًا');
    expect(plural(ar.catalog.productsCount, 100, 'ar')).toBe('100 منتج');
    expect(plural(ar.catalog.ratingsCount, 117, 'ar')).toBe('117 تقييمًا');
  });
  test('each counted phrase is written once per language: no two keys carry the same forms', () => {
    for (const locale of ['en', 'ar'] as const) {
      const seen = new Map<string, string>();
      const walk = (node: unknown, path: string) => {
        if (typeof node !== 'object' || node === null) return;
        if ('one' in node && 'other' in node) {
          const forms = JSON.stringify(node);
          expect(seen.get(forms), `${locale}: ${path} repeats ${seen.get(forms)}`).toBeUndefined();
          seen.set(forms, path);
          return;
        }
        for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
      };
      walk(dictionary(locale), '');
      expect(seen.size).toBeGreaterThan(3);
    }
  });
  test('English keeps one and other', () => {
    expect(plural(en.catalog.productsCount, 1, 'en')).toBe('1 product');
    expect(plural(en.catalog.productsCount, 17, 'en')).toBe('17 products');
    expect(plural(en.catalog.ratingsCount, 0, 'en')).toBe('0 ratings');
  });
});

describe('order ids', () => {
  test('the "#" appears once, added by the formatter and not by the texts', () => {
    expect(formatOrderId(1)).toBe('#1');
    for (const locale of ['en', 'ar'] as const) {
      const t = dictionary(locale).orders;
      for (const template of [t.walletBox.order_payment, t.walletBox.order_refund, t.checkout.orderNumber])
        expect(interpolate(template, { id: formatOrderId(1) })).not.toContain('##');
      expect(interpolate(t.walletBox.order_payment, { id: formatOrderId(1) })).toContain('#1');
    }
  });
});
