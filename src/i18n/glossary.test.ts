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
  // Issue 51: the concepts the rails and the marketplace brought, each named one way.
  { term: 'cash', refused: word('(?<!(?:فودافون|اتصالات|أورنج|وي) )(?:ال|بال)?كاش'), use: 'نقدًا (كاش only in a wallet’s name)' },
  {
    term: 'SKU',
    refused: /رمز المنتج|بهذا الرمز|(?<![\u0621-\u064A])الرمز الجديد/,
    use: 'كود المنتج',
    under: ['adminCatalog', 'catalog', 'sellerCatalog'],
  },
  {
    term: 'webhook',
    refused: word('(?:ال|هذا ال)?إشعار(?:ات)?'),
    use: 'الويب هوك (إشعار is the push notification)',
    under: [
      'messaging.errors.badSignature',
      'messaging.errors.verifyRefused',
      'messaging.errors.badPayload',
      'couriers.errors',
      'adminOrders.order.timeline.callback',
      'adminOrders',
    ],
  },
  {
    term: 'adjustment',
    refused: word('(?:ال)?تسوي(?:ة|ته)'),
    use: 'تعديل (تسوية is the courier company’s settlement)',
    under: ['sellerLedger', 'seller', 'admin.audit.actions.seller'],
  },
  {
    term: 'order part',
    refused: word('(?:ال|و|ب)?(?:جزء|جزؤك|جزئك|جزئه|أجزاء|جزأين)'),
    use: 'الطلب الفرعي (in the seller portal: الطلب)',
    under: ['sellerOrders', 'seller'],
  },
  { term: 'shopper', refused: word('(?:و|ف|ب|ل)?(?:ال|لل)?مشتر(?:ي|ون|ين)'), use: 'العميل' },
  { term: 'provider', refused: word('(?:ال|لل|و)?مزود(?:و|ي|ها|ه)?'), use: 'مزوّد (with the shadda)' },
  {
    term: 'label',
    refused: /بوليص/,
    use: 'ملصق التوصيل (بوليصة الشحن is a courier company’s)',
    under: ['adminOrders.slip', 'adminOrders.list.printSelected'],
  },
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
    planted.payments = { ...planted.payments, planted: 'ادفع كاش بكود الدفع' };
    planted.sellerLedger = { ...planted.sellerLedger, planted: 'تسوية الرصيد' };
    planted.sellerOrders = { ...planted.sellerOrders, planted: 'تم قبول الجزء.' };
    planted.messaging = {
      ...planted.messaging,
      errors: { ...(planted.messaging!.errors as object), badSignature: 'رُفض الإشعار.' },
    };
    planted.adminCatalog = { ...planted.adminCatalog, plantedSku: 'يوجد منتج آخر بهذا الرمز.' };
    planted.adminPayments = { ...planted.adminPayments, planted: 'مزود الدفع والمشتري' };
    const found = glossaryViolations(planted);
    for (const [key, term] of [
      ['payments.planted', 'cash'],
      ['sellerLedger.planted', 'adjustment'],
      ['sellerOrders.planted', 'order part'],
      ['messaging.errors.badSignature', 'webhook'],
      ['adminCatalog.plantedSku', 'SKU'],
      ['adminPayments.planted', 'provider'],
      ['adminPayments.planted', 'shopper'],
    ])
      expect(
        found.some((line) => line.startsWith(`${key}:`) && line.includes(`names the ${term} `)),
        `${key} → ${term}`,
      ).toBe(true);
    expect(found.some((line) => line.startsWith('cart.title: «سلة التسوق» names the cart'))).toBe(true);
    expect(found.some((line) => line.startsWith('adminCatalog.planted.label:'))).toBe(true);
    expect(found.some((line) => line.startsWith('adminPromotions.planted: «الرمز» names the coupon code'))).toBe(true);
    expect(found.some((line) => line.startsWith('admin.planted: «لا يوجد عضو بهذا البريد» names the staff member'))).toBe(true);
    expect(found.some((line) => line.startsWith('account.planted.one:') && line.includes('mobile number'))).toBe(true);
    // The glossary's own spelling passes.
    expect(found.some((line) => line.startsWith('account.planted.other:'))).toBe(false);
  });

  test('the words the new rows keep are not refused: a wallet’s name, the push notification, the courier settlement', () => {
    expect(
      glossaryViolations({
        payments: { wallet: 'فودافون كاش', cashier: 'الكاشير' },
        pwa: { turnOn: 'فعّل الإشعارات' },
        couriers: { settlement: 'ملف التسوية', provider: 'مزوّد الدفع' },
        sellerOrders: { title: 'الطلب الفرعي' },
      }),
    ).toEqual([]);
  });

  test('the SMS code keeps «الرمز» outside the coupon texts', () => {
    expect(glossaryViolations({ account: { code: 'رمز التحقق', codeSent: 'أرسلنا الرمز' } })).toEqual([]);
  });
});
