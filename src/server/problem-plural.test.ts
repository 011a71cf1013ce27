import { describe, expect, test } from 'vitest';
import { ar } from '#i18n/ar.ts';
import { en } from '#i18n/en.ts';
import { tooMany } from './auth/rate-limit.ts';
import { problemText } from './problem.ts';

/** Issue 35: a refusal that counts reads as a sentence through the plural forms, not «(الدقائق المتبقية: 60)». */
describe('counted refusals', () => {
  const minutes = (t: typeof ar, seconds: number) => {
    const problem = tooMany(seconds);
    return problemText(t, problem.code, problem.values);
  };

  test('Arabic picks the dual, the plural and the accusative for the wait', () => {
    expect(minutes(ar, 60)).toBe('محاولات كثيرة. حاول مرة أخرى بعد دقيقة.');
    expect(minutes(ar, 120)).toBe('محاولات كثيرة. حاول مرة أخرى بعد دقيقتين.');
    expect(minutes(ar, 5 * 60)).toBe('محاولات كثيرة. حاول مرة أخرى بعد 5 دقائق.');
    expect(minutes(ar, 60 * 60)).toBe('محاولات كثيرة. حاول مرة أخرى بعد 60 دقيقة.');
    expect(problemText(ar, 'account.resendWait', { count: 2 })).toBe('انتظر ثانيتين قبل طلب رمز جديد.');
    // Issue 51: the courier hand-over's limit was «الحد الأقصى لعدد الطلبات في المرة الواحدة: 50».
    expect(problemText(ar, 'couriers.tooManyOrders', { count: 50 })).toBe('سلّم 50 طلبًا على الأكثر في المرة الواحدة.');
    expect(problemText(ar, 'couriers.tooManyOrders', { count: 2 })).toBe('سلّم طلبين على الأكثر في المرة الواحدة.');
    expect(problemText(en, 'couriers.tooManyOrders', { count: 50 })).toBe('Hand over at most 50 orders at a time.');
  });

  test('English says "a minute" and "60 minutes"', () => {
    expect(minutes(en, 30)).toBe('Too many attempts. Try again in a minute.');
    expect(minutes(en, 3600)).toBe('Too many attempts. Try again in 60 minutes.');
  });

  test('no Arabic refusal writes a count as «(label: {n})»', () => {
    const stiff = /\([^()]*:\s*\{\w+\}\)/;
    const refusals = Object.values(ar).flatMap((section) =>
      typeof section === 'object' && 'errors' in section
        ? Object.values(section.errors as Record<string, unknown>).flatMap((m) =>
            typeof m === 'string' ? [m] : Object.values(m as object),
          )
        : [],
    );
    expect(refusals.filter((m) => stiff.test(String(m)))).toEqual([]);
    expect(stiff.test('حاول بعد انتهاء المهلة (الدقائق المتبقية: {minutes}).')).toBe(true);
  });
});
