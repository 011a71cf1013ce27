import { describe, expect, it } from 'vitest';
import { latinDigits } from '#lib/text.ts';
import { cellText, gridChanges } from './grid-edits.ts';

const row = { id: 7, sku: 'BEAN-7', name: 'Beans', price: 12550, before_discount: null, stock: 4 };

describe('gridChanges', () => {
  it('sends only the cells that changed, in piastres, with what the operator saw', () => {
    const { changes, problems } = gridChanges([row], { 7: { price: '130', stock: '4', before_discount: '150.5' } });
    expect(problems).toEqual({});
    expect(changes).toEqual([
      { id: 7, price: 13000, before_discount: 15050, was: { price: 12550, before_discount: null, stock: 4 } },
    ]);
  });

  it('a cell typed back to its first value, or an untouched row, is no change', () => {
    expect(gridChanges([row], { 7: { price: '125.50', stock: '4' } }).changes).toEqual([]);
    expect(gridChanges([row], {}).changes).toEqual([]);
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(latinDigits('١٢٥٫٥')).toBe('125.5');
    const { changes } = gridChanges([row], { 7: { price: '١٣٠٫٥', stock: '١٠' } });
    expect(changes[0]).toMatchObject({ price: 13050, stock: 10 });
  });

  it('an emptied old price clears it; nonsense is named per cell and not sent', () => {
    const onSale = { ...row, before_discount: 20000 };
    expect(gridChanges([onSale], { 7: { before_discount: '' } }).changes[0]).toMatchObject({ before_discount: null });
    const { changes, problems } = gridChanges([row], { 7: { price: '12.5.0', stock: '-3' } });
    expect(changes).toEqual([]);
    expect(problems).toEqual({ '7.price': 'badNumber', '7.stock': 'badStock' });
    // Still a row to save: the button counts it, and pressing it names the cells.
    expect(gridChanges([row], { 7: { price: '12.345' } }).dirty).toBe(1);
    // A comma or the Arabic point before one or two digits is the decimal point (parseMoneyInput).
    expect(gridChanges([row], { 7: { price: '12,5' } }).changes[0]).toMatchObject({ price: 1250 });
    expect(gridChanges([row], { 7: { price: '١٬٢٠٠٫٧٥' } }).changes[0]).toMatchObject({ price: 120075 });
    expect(gridChanges([row], { 7: { price: '0' } }).problems).toEqual({ '7.price': 'badNumber' });
  });

  it('shows amounts as pounds with two decimals and no old price as empty', () => {
    expect(cellText(row, 'price')).toBe('125.50');
    expect(cellText(row, 'before_discount')).toBe('');
    expect(cellText(row, 'stock')).toBe('4');
  });
});
