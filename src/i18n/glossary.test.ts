import { describe, expect, test } from 'vitest';
import { ar } from './ar.ts';

/**
 * The glossary (docs/glossary.md) kept right: every Arabic string of every dictionary (ar.ts registers each
 * messages/*.ts domain) is walked, and the variants the glossary refuses fail the test with the key that holds them.
 */

/** Every string leaf with its dotted key (plural objects included: each form is a leaf). */
export function arabicStrings(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => arabicStrings(value, path ? `${path}.${key}` : key));
}

/** Arabic letters, to say where a word ends (JavaScript's \b only knows Latin). */
const L = '\\u0621-\\u064A\\u0660-\\u0669\\u066E-\\u06D3';
const word = (text: string): RegExp => new RegExp(`(?<![${L}])${text}(?![${L}])`);

interface Refusal {
  term: string;
  refused: RegExp;
  use: string;
  /** Only strings whose key starts with one of these (the meaning depends on the domain). */
  under?: string[];
}

const refusals: Refusal[] = [
  { term: 'cart', refused: word('(?:و|ف|ب|ل)?(?:ال|لل)?سل(?:ة|تك|تي|تها|ات)'), use: 'العربة (title عربة التسوق)' },
  { term: 'wishlist', refused: /أمنيات/, use: 'المفضلة' },
  { term: 'category', refused: word('(?:و|ف|ب|ل)?(?:ال|لل)?فئ(?:ة|ات|تين|تان|ته|تها)'), use: 'القسم / القسم الفرعي' },
  { term: 'coupon code', refused: /رمز (?:ال)?كوبون|كود الكوبون/, use: 'كود الخصم' },
  { term: 'coupon code', refused: word('(?:ال|بال|لل)كود'), use: 'كود الخصم' },
  {
    term: 'coupon code',
    refused: word('(?:ال|بال|لل|ب|)(?:رمز|رمزًا)'),
    use: 'كود الخصم (الرمز is the SMS or authenticator code)',
    under: ['adminPromotions', 'orders.checkout', 'content.offers'],
  },
  { term: 'mobile number', refused: /جوال/, use: 'رقم الموبايل' },
  { term: 'mobile number', refused: /رقم (?:ال)?هاتف/, use: 'رقم الموبايل' },
  { term: 'wallet debit', refused: /خصم من فريقنا/, use: 'خصم من الرصيد' },
  { term: 'cancelled', refused: word('(?:ال)?ملغي'), use: 'ملغى' },
  { term: 'failed delivery', refused: /متعثر|فشل (?:ال)?توصيل|فشل (?:ال)?تسليم/, use: 'تعذّر التوصيل' },
  { term: 'coffee shops', refused: /مقا?ه[يى]/, use: 'الكافيهات' },
  { term: 'back office', refused: /لوحة (?:ال)?تحكم/, use: 'لوحة الإدارة' },
  { term: 'refund', refused: /استرجاع|إرجاع المبلغ/, use: 'استرداد / ردّ المبلغ' },
  { term: 'WhatsApp', refused: /(?<!ا)وتساب|واتس اب|واتس آب/, use: 'واتساب' },
  { term: 'courier', refused: word('(?:ال)?(?:ساعي|سائق)|عامل التوصيل'), use: 'المندوب / مندوب الشحن' },
  // A seller's team member (issue 40) is «عضو فريق البائع» (docs/glossary.md), never a staff member.
  { term: 'staff member', refused: word('(?:ال)?عضو(?! فريق البائع)'), use: 'الموظف', under: ['admin'] },
  {
    term: 'select (a checkbox)',
    refused: /اختر (?:الطلب \{|كل الطلبات)/,
    use: 'تحديد الطلب / تحديد كل الطلبات',
    under: ['adminCash', 'adminOrders'],
  },
  // A seller payout is «صرف المستحقات»; «المدفوعات» is what shoppers pay (the desk's «مطابقة المدفوعات»).
  { term: 'seller payout', refused: word('(?:ال)?مدفوعات'), use: 'صرف المستحقات', under: ['seller', 'sellerLedger'] },
  {
    term: 'HTTP request',
    refused: word('(?:ال|هذا ال)?طلب'),
    use: 'البيانات المرسلة / هذه العملية (الطلب is an order)',
    under: ['api.errors.foreignOrigin', 'validation.errors.malformedBody', 'orders.errors.keyReused'],
  },
];

export function glossaryViolations(dictionary: unknown): string[] {
  return arabicStrings(dictionary).flatMap(([key, text]) =>
    refusals
      .filter((rule) => !rule.under || rule.under.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)))
      .filter((rule) => rule.refused.test(text))
      .map((rule) => `${key}: «${text}» names the ${rule.term} «${rule.refused.exec(text)?.[0]}»; use ${rule.use}`),
  );
}

describe('the Arabic dictionaries use only the glossary’s terms', () => {
  test('no string holds a refused variant', () => {
    expect(glossaryViolations(ar)).toEqual([]);
  });

  test('a refused variant planted in the dictionary is found, with its key', () => {
    const planted = structuredClone(ar) as unknown as Record<string, Record<string, unknown>>;
    planted.cart = { ...planted.cart, title: 'سلة التسوق' };
    planted.adminCatalog = { ...planted.adminCatalog, planted: { label: 'الفئات' } };
    planted.adminPromotions = { ...planted.adminPromotions, planted: 'الرمز' };
    planted.admin = { ...planted.admin, planted: 'لا يوجد عضو بهذا البريد' };
    planted.account = { ...planted.account, planted: { one: 'رقم الجوال', other: 'طلب ملغى' } };
    const found = glossaryViolations(planted);
    expect(found.some((line) => line.startsWith('cart.title: «سلة التسوق» names the cart'))).toBe(true);
    expect(found.some((line) => line.startsWith('adminCatalog.planted.label:'))).toBe(true);
    expect(found.some((line) => line.startsWith('adminPromotions.planted: «الرمز» names the coupon code'))).toBe(true);
    expect(found.some((line) => line.startsWith('admin.planted: «لا يوجد عضو بهذا البريد» names the staff member'))).toBe(true);
    expect(found.some((line) => line.startsWith('account.planted.one:') && line.includes('mobile number'))).toBe(true);
    // The glossary's own spelling passes.
    expect(found.some((line) => line.startsWith('account.planted.other:'))).toBe(false);
  });

  test('the SMS code keeps «الرمز» outside the coupon texts', () => {
    expect(glossaryViolations({ account: { code: 'رمز التحقق', codeSent: 'أرسلنا الرمز' } })).toEqual([]);
  });
});
