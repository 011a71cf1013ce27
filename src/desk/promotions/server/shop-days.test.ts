import { expect, test } from 'vitest';
import { lastShopDay, shopDayEnd, shopDayOf, shopDayStart } from './shop-days.ts';

test('a shop day begins at Cairo midnight, in winter (UTC+2) and in summer (UTC+3)', () => {
  expect(shopDayStart('2026-12-01')).toBe('2026-11-30T22:00:00.000Z');
  expect(shopDayStart('2026-07-15')).toBe('2026-07-14T21:00:00.000Z');
});

test('a coupon ending on a day works until the next day starts, and reads back as that day', () => {
  const end = shopDayEnd('2026-12-31');
  expect(end).toBe('2026-12-31T22:00:00.000Z');
  expect(lastShopDay(end)).toBe('2026-12-31');
  expect(shopDayOf(shopDayStart('2026-07-15'))).toBe('2026-07-15');
});
