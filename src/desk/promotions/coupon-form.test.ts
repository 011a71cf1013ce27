import { expect, test } from 'vitest';
import { couponBody, couponFields } from './coupon-form.ts';

const empty = couponFields(null);

test('a percentage coupon: the percent as a count, the maximum and the minimum in piastres, empty bounds null', () => {
  expect(couponBody({ ...empty, code: 'X', kind: 'percent', value: '15', max_discount: '50', min_subtotal: '200.5' })).toEqual({
    kind: 'percent',
    value: 15,
    max_discount: 5000,
    min_subtotal: 20050,
    starts_on: null,
    ends_on: null,
    usage_limit: null,
    per_user_limit: null,
  });
});

test('a fixed amount in pounds becomes piastres and drops any maximum; limits and days are kept', () => {
  const body = couponBody({
    ...empty,
    kind: 'fixed',
    value: '75.25',
    max_discount: '10',
    starts_on: '2026-12-01',
    usage_limit: '100',
    per_user_limit: '1',
  });
  expect(body).toMatchObject({
    kind: 'fixed',
    value: 7525,
    max_discount: null,
    starts_on: '2026-12-01',
    usage_limit: 100,
    per_user_limit: 1,
  });
});

test('nonsense stays visible to the API as NaN (refused on its field), never as a silent zero', () => {
  expect(Number.isNaN(couponBody({ ...empty, value: '1.5' }).value)).toBe(true);
  expect(Number.isNaN(couponBody({ ...empty, value: '10', usage_limit: 'lots' }).usage_limit)).toBe(true);
});

test('a stored coupon reads back into the fields it was typed as', () => {
  const fields = couponFields({
    id: 1,
    code: 'EID',
    kind: 'fixed',
    value: 5000,
    max_discount: null,
    min_subtotal: 30050,
    starts_on: '2026-12-01',
    ends_on: null,
    usage_limit: null,
    per_user_limit: 2,
    used_count: 0,
    active: true,
  });
  expect(fields).toMatchObject({
    value: '50',
    min_subtotal: '300.50',
    starts_on: '2026-12-01',
    ends_on: '',
    per_user_limit: '2',
  });
  expect(couponBody(fields)).toMatchObject({ value: 5000, min_subtotal: 30050, per_user_limit: 2 });
});

test('amounts typed on an Arabic keyboard read as the same piastres (parseMoneyInput)', () => {
  expect(couponBody({ ...empty, kind: 'fixed', value: '٧٥٫٢٥', min_subtotal: '١٬٢٠٠' })).toMatchObject({
    value: 7525,
    min_subtotal: 120000,
  });
});
