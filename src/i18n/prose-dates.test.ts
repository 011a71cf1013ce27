import { describe, expect, test } from 'vitest';
import { couponTerms } from '#desk/promotions/coupon-terms.ts';
import type { CouponView } from '#desk/promotions/promotion-views.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';
import { formatDate, formatProseDate, formatProseDateTime } from './format.ts';

/** Issue 35: a date inside a sentence is written out («26 نوفمبر 2026»), not the table's «26/11/2026». */
describe('dates in prose', () => {
  // 10:30 UTC is 12:30 in Cairo (UTC+2 in November).
  const at = '2026-11-26T10:30:00.000Z';

  test('the month is a word in both languages, the digits Latin', () => {
    expect(formatProseDate(at, 'ar')).toBe('26 نوفمبر 2026');
    expect(formatProseDate(at, 'en')).toBe('November 26, 2026');
    expect(formatProseDateTime(at, 'ar')).toMatch(/^26 نوفمبر 2026 .*12:30/);
    // The table form stays numeric.
    expect(formatDate(at, 'ar')).not.toContain('نوفمبر');
  });

  test("a coupon's window reads as a sentence on the desk, in Cairo's days", () => {
    const coupon: CouponView = {
      id: 1,
      code: 'EID',
      kind: 'percent',
      value: 10,
      max_discount: null,
      min_subtotal: 0,
      starts_on: '2026-11-26',
      ends_on: null,
      usage_limit: null,
      per_user_limit: null,
      used_count: 0,
      active: true,
    };
    expect(couponTerms(coupon, ar.adminPromotions.coupons, 'ar').window).toBe('من 26 نوفمبر 2026');
    expect(couponTerms({ ...coupon, starts_on: null, ends_on: '2026-12-31' }, en.adminPromotions.coupons, 'en').window).toBe(
      'Until December 31, 2026',
    );
  });
});
