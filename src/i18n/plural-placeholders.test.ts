import { describe, expect, test } from 'vitest';
import { ar } from './ar.ts';

/**
 * Every count through the plural rules (issue 35, docs/glossary.md): a plain Arabic string must not write a counted
 * noun after a number placeholder («خلال {days} أيام» reads «خلال 2 أيام»; Arabic says «خلال يومين»). The forms of a
 * plural object ({ one, two, few, many, other }) may, since plural() picks the right one for the count.
 */

/** Nouns that are counted in the dictionaries, in every form they take after a number (units such as جم or ث are symbols). */
const counted =
  'أيام|يوم|يومًا|يومين|يومان|ساعة|ساعات|دقيقة|دقائق|ثانية|ثوان|ثوانٍ|أسبوع|أسابيع|شهر|أشهر|شهور|نجمة|نجوم|نجمات|' +
  'حرف|حرفًا|أحرف|حروف|ملف|ملفًا|ملفات|مكالمة|مكالمات|طلب|طلبًا|طلبات|صف|صفًا|صفوف|منتج|منتجًا|منتجات|' +
  'مرة|مرات|قطعة|قطع|عنصر|عناصر|تقييم|تقييمًا|تقييمات|مبلغ|مبلغًا|مبالغ|جنيه|جنيهًا|جنيهات|محاولة|محاولات';
const countedAfterPlaceholder = new RegExp(`\\{\\w+\\}\\s+(?:${counted})(?![\\u0621-\\u064A])`);

const isPluralObject = (value: object): boolean => 'one' in value && 'other' in value;

/** Every plain string (outside a plural object) that writes a counted noun after a placeholder, with its key. */
export function countsOutsidePlural(tree: unknown, path = ''): string[] {
  if (typeof tree === 'string') return countedAfterPlaceholder.test(tree) ? [`${path}: «${tree}»`] : [];
  if (tree === null || typeof tree !== 'object' || isPluralObject(tree)) return [];
  return Object.entries(tree).flatMap(([key, value]) => countsOutsidePlural(value, path ? `${path}.${key}` : key));
}

describe('Arabic counts go through plural forms', () => {
  test('no plain Arabic string writes a counted noun after a number placeholder', () => {
    expect(countsOutsidePlural(ar)).toEqual([]);
  });

  test('a counted noun planted after a placeholder is found, with its key', () => {
    const planted = structuredClone(ar) as unknown as Record<string, Record<string, unknown>>;
    planted.orders = { ...planted.orders, planted: { estimate: 'التوصيل خلال {count} أيام', wait: 'بعد {n} دقيقة' } };
    planted.catalog = { ...planted.catalog, planted: '{count} نجوم فأكثر' };
    expect(countsOutsidePlural(planted)).toEqual([
      'catalog.planted: «{count} نجوم فأكثر»',
      'orders.planted.estimate: «التوصيل خلال {count} أيام»',
      'orders.planted.wait: «بعد {n} دقيقة»',
    ]);
  });

  test('the same words inside a plural object, or a unit symbol after a number, pass', () => {
    expect(countsOutsidePlural({ days: { one: 'يوم واحد', two: 'يومان', few: '{count} أيام', other: '{count} يوم' } })).toEqual(
      [],
    );
    expect(countsOutsidePlural({ resendIn: 'بعد {seconds} ث', weight: '{grams} جم' })).toEqual([]);
  });
});
