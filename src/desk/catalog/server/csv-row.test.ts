import { describe, expect, it } from 'vitest';
import { readRow } from './csv-row.ts';

const subs = new Map([['single-origin', { id: 5, category_id: 1 }]]);
const sellers = new Map([['nile-roasters', 2]]);
const all = new Set([
  'sku',
  'name_en',
  'name_ar',
  'price',
  'old_price',
  'stock',
  'weight_grams',
  'sub_category',
  'seller',
  'badge_en',
]);

describe('a CSV row', () => {
  it('reads EGP, Arabic digits, short names and empty optionals', () => {
    const { fields, problems } = readRow(
      {
        name_en: 'Beans',
        name_ar: 'بن',
        price: '١٢٥٫٥٠',
        old_price: '',
        stock: '٧',
        weight_grams: '',
        sub_category: 'Single-Origin',
        seller: 'nile-roasters',
        badge_en: '',
      },
      all,
      subs,
      sellers,
    );
    expect(problems).toEqual([]);
    expect(fields).toEqual({
      name_en: 'Beans',
      name_ar: 'بن',
      badge_en: null,
      price: 12550,
      before_discount: null,
      stock: 7,
      weight_grams: null,
      sub_category_id: 5,
      category_id: 1,
      seller_id: 2,
    });
  });

  it('names each cell that cannot be read, and reads only the columns the file has', () => {
    const { fields, problems } = readRow(
      { name_en: 'B', price: '12.505', old_price: '0', stock: '-1', weight_grams: '0', sub_category: 'nope', seller: 'nobody' },
      all,
      subs,
      sellers,
    );
    expect(problems.map((p) => `${p.column}:${p.problem}`)).toEqual([
      'name_en:missingText',
      'name_ar:missingText',
      'price:badPrice',
      'old_price:badOldPrice',
      'stock:badStock',
      'weight_grams:badWeight',
      'sub_category:unknownSubCategory',
      'seller:unknownSeller',
    ]);
    expect(readRow({ price: '10' }, new Set(['sku', 'price']), subs, sellers)).toEqual({ fields: { price: 1000 }, problems: [] });
    // Only what could be read: the empty badge (a column of the file) clears it.
    expect(fields).toEqual({ badge_en: null });
  });

  it('reads prices as every typed amount is (parseMoneyInput): thousands separators and a decimal comma', () => {
    const prices = (price: string, old_price: string) =>
      readRow({ price, old_price }, new Set(['sku', 'price', 'old_price']), subs, sellers);
    expect(prices('1,250', '١٬٥٠٠')).toEqual({ fields: { price: 125000, before_discount: 150000 }, problems: [] });
    expect(prices('12,5', '1 500.75')).toEqual({ fields: { price: 1250, before_discount: 150075 }, problems: [] });
    expect(prices('', '').problems).toEqual([{ column: 'price', problem: 'badPrice' }]);
    expect(prices('12.345', 'ten').problems.map((p) => p.problem)).toEqual(['badPrice', 'badOldPrice']);
  });
});
