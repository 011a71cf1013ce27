import fc from 'fast-check';
import { expect, test } from 'vitest';
import { fromPounds, percentOf, poundsText, toPounds, typedPounds } from './money.ts';

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
