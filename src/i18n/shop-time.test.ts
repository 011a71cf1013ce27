import { afterEach, describe, expect, test } from 'vitest';
import { orderDate } from '#lib/orders/views.ts';
import { formatDate, formatDateTime } from './format.ts';
import { localField, localized } from './localized.ts';
import { SHOP_TIME_ZONE, shopYear } from './time-zone.ts';

/**
 * Dates are Cairo's (issue 33): whatever the zone of the machine that formats them (a server in UTC, a browser in
 * London or New York), an order placed at 01:30 in Cairo reads as that day. The process's own zone is set here to the
 * zones that would give another day, so the tests fail if a formatter falls back to it.
 */
const savedZone = process.env['TZ'];
afterEach(() => {
  if (savedZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedZone;
});

// 23:30 UTC on 26 November is 01:30 on the 27th in Cairo (UTC+2 in winter).
const lateUtc = '2026-11-26T23:30:00.000Z';
// 21:30 UTC on 14 July is 00:30 on the 15th in Cairo (UTC+3, summer time).
const summerNight = '2026-07-14T21:30:00.000Z';

// The day of the month, whatever order and punctuation the locale's medium style gives ("Nov 27, 2026", "27 نوفمبر 2026").
const dayOf = (text: string) => Number(/\b(\d{1,2})\b/.exec(text)?.[1]);

describe.each(['UTC', 'America/New_York', 'Europe/London'])('formatted on a machine in %s', (zone) => {
  test('orderDate (the shopper’s orders and wallet) gives the Cairo day', () => {
    process.env['TZ'] = zone;
    expect(dayOf(orderDate(lateUtc, 'en'))).toBe(27);
    expect(dayOf(orderDate(lateUtc, 'ar'))).toBe(27);
    expect(dayOf(orderDate(summerNight, 'en'))).toBe(15);
    expect(orderDate(summerNight, 'en')).toMatch(/Jul/);
  });

  test('formatDate and formatDateTime give the Cairo day and time', () => {
    process.env['TZ'] = zone;
    expect(dayOf(formatDate(lateUtc, 'en'))).toBe(27);
    expect(dayOf(formatDate(lateUtc, 'ar'))).toBe(27);
    expect(formatDate(new Date(summerNight), 'en', { dateStyle: 'full' })).toMatch(/^Wednesday/);
    expect(formatDateTime(lateUtc, 'en')).toMatch(/\b27\b.*\b1:30\b/);
    expect(formatDateTime(lateUtc, 'ar')).toMatch(/\b27\b.*\b1:30\b/);
    expect(formatDateTime(lateUtc, 'ar')).not.toMatch(/[٠-٩]/);
  });
});

test('the shop’s zone is Cairo’s', () => {
  expect(SHOP_TIME_ZONE).toBe('Africa/Cairo');
});

test('the year is Cairo’s (the footer’s copyright), whatever the machine’s zone', () => {
  process.env['TZ'] = 'UTC';
  expect(shopYear(new Date('2026-12-31T23:30:00.000Z'))).toBe(2027);
  expect(shopYear(new Date('2026-12-31T21:30:00.000Z'))).toBe(2026);
});

describe('picking per language', () => {
  test('localized picks the value of the language', () => {
    expect(localized('en', { en: 'Cairo', ar: 'القاهرة' })).toBe('Cairo');
    expect(localized('ar', { en: 'Cairo', ar: 'القاهرة' })).toBe('القاهرة');
  });

  test("localField reads a row's column of the language", () => {
    const row = { id: 1, name_en: 'Nile Roasters', name_ar: 'محمصة النيل', badge_en: null, badge_ar: 'جديد' };
    expect(localField('en', row, 'name')).toBe('Nile Roasters');
    expect(localField('ar', row, 'name')).toBe('محمصة النيل');
    expect(localField('en', row, 'badge')).toBeNull();
    expect(localField('ar', row, 'badge')).toBe('جديد');
  });
});
