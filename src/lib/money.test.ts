import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fromPounds, parseMoneyInput, percentOf, poundsText, toPounds, typedPounds, typedPoundsText } from './money.ts';

test('pounds out and back without drift', () => {
  expect(poundsText(12345)).toBe('123.45');
  expect(poundsText(5)).toBe('0.05');
  expect(poundsText(-150)).toBe('-1.50');
  expect(toPounds(12345)).toBe(123.45);
  expect(fromPounds('123.4')).toBe(12340);
  expect(fromPounds(0.1 + 0.2)).toBe(30);
  expect(fromPounds('1e3')).toBeNaN();
  expect(typedPounds('250')).toBe(25000);
  expect(typedPounds('abc')).toBeUndefined();
  expect(typedPounds('12.345')).toBe(1235);
  fc.assert(fc.property(fc.nat(10 ** 9), (p) => fromPounds(poundsText(p)) === p));
});

test('a percentage rounds down to whole piastres and stays within 0-100 %', () => {
  expect(percentOf(10050, 15)).toBe(1507);
  expect(percentOf(10000, 150)).toBe(10000);
  expect(percentOf(10000, -5)).toBe(0);
});

describe('parseMoneyInput: pounds as people type them, to piastres', () => {
  test.each([
    ['125', 12500],
    ['0', 0],
    ['125.5', 12550],
    ['125.05', 12505],
    ['  125.50 ', 12550],
    ['12,5', 1250],
    ['12,50', 1250],
    ['1,250', 125000],
    ['1,250.75', 125075],
    ['1,250,000', 125000000],
    ['12 500', 1250000],
    ['12\u00a0500,5', 1250050],
    ['12\u202f500', 1250000],
    ['١٢٥', 12500],
    ['١٢٥٫٥', 12550],
    ['١٢٥,٥٠', 12550],
    ['١٬٢٥٠٫٧٥', 125075],
    ['۱۲۵٫۲۵', 12525],
    ['۱٬۰۰۰', 100000],
    ['1٬250', 125000],
    ['\u200f١٢٥\u200f', 12500],
  ])('%j is %i piastres', (typed, piastres) => {
    expect(parseMoneyInput(typed)).toEqual({ ok: true, piastres });
  });

  test.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'invalid'],
    ['12a', 'invalid'],
    ['-5', 'invalid'],
    ['+5', 'invalid'],
    ['1e3', 'invalid'],
    ['12.', 'invalid'],
    ['.5', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1.250,50', 'invalid'],
    ['1,25,0', 'invalid'],
    ['12,3456', 'invalid'],
    ['1,250 000', 'invalid'],
    ['1234,567', 'invalid'],
    ['EGP 12', 'invalid'],
    ['١٢ ج.م', 'invalid'],
    ['12.345', 'tooPrecise'],
    ['١٢٫٣٤٥', 'tooPrecise'],
    ['10000001', 'tooLarge'],
    ['99999999999999999999', 'tooLarge'],
  ])('%j is refused (%s)', (typed, reason) => {
    expect(parseMoneyInput(typed)).toEqual({ ok: false, reason });
  });

  test('every amount written as the desk shows it reads back as itself', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000_000), (p) => {
        const text = typedPoundsText(p);
        const arabic = text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))).replace('.', '٫');
        return (
          JSON.stringify(parseMoneyInput(text)) === JSON.stringify({ ok: true, piastres: p }) &&
          JSON.stringify(parseMoneyInput(arabic)) === JSON.stringify({ ok: true, piastres: p })
        );
      }),
    );
  });

  test('typedPoundsText drops what need not be typed', () => {
    expect(typedPoundsText(12500)).toBe('125');
    expect(typedPoundsText(12550)).toBe('125.50');
    expect(typedPoundsText(12505)).toBe('125.05');
    expect(typedPoundsText(null)).toBe('');
  });
});
