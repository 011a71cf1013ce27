import type { Dictionary } from './en.ts';
import { catalogMessages } from './messages/catalog.ts';
import { cartMessages } from './messages/cart.ts';
import { contentMessages } from './messages/content.ts';
import { formsMessages } from './messages/forms.ts';
import { wishlistMessages } from './messages/wishlist.ts';
import { paymentsMessages } from './messages/payments.ts';
import { numberMessages } from './messages/numbers.ts';
import { consentMessages } from './messages/consent.ts';
import { ordersMessages } from './messages/orders.ts';
import { accountMessages } from './messages/account.ts';
import { adminMessages } from './messages/admin.ts';
import { adminOrdersMessages } from './messages/admin-orders.ts';
import { adminMoneyMessages } from './messages/admin-money.ts';
import { adminPaymentsMessages } from './messages/admin-payments.ts';
import { sellerLedgerMessages } from './messages/seller-ledger.ts';
import { adminCashMessages } from './messages/admin-cash.ts';
import { courierMessages } from './messages/couriers.ts';
import { adminPromotionMessages } from './messages/admin-promotions.ts';
import { adminPartnerMessages } from './messages/admin-partners.ts';
import { adminCatalogMessages } from './messages/admin-catalog.ts';
import { adminContentMessages } from './messages/admin-content.ts';
import { adminAccountMessages } from './messages/admin-account.ts';
import { auditWordsMessages } from './messages/audit-words.ts';
import { sellerMessages } from './messages/seller.ts';
import { sellerCatalogMessages } from './messages/seller-catalog.ts';
import { deskModerationMessages } from './messages/desk-moderation.ts';
import { reviewsMessages } from './messages/reviews.ts';
import { sellerOrderMessages } from './messages/seller-orders.ts';
import { pwaMessages } from './messages/pwa.ts';
import { messagingMessages } from './messages/messaging.ts';
import { apiGuideMessages } from './messages/api-guide.ts';
import { reportsMessages } from './messages/reports.ts';

/** Arabic dictionary: typed against the English one, so a missing key fails the type check. */
export const ar: Dictionary = {
  site: {
    name: 'بازار البن',
    tagline: 'قهوة مختصة وأدوات وهدايا، توصيل لكل مصر',
    description:
      'اشترِ القهوة المختصة وماكينات الإسبريسو والمطاحن والإكسسوارات أونلاين في مصر. الأسعار بالجنيه المصري والتوصيل خلال 1 إلى 3 أيام.',
    skipToContent: 'تخطَّ إلى المحتوى',
  },
  nav: {
    home: 'الرئيسية',
    products: 'كل المنتجات',
    searchPlaceholder: 'ابحث عن قهوة، أدوات…',
    searchLabel: 'ابحث في المنتجات',
    searchSubmit: 'بحث',
    cart: 'عربة التسوق',
    cartHasItems: 'في عربتك منتجات',
    login: 'تسجيل الدخول / حساب جديد',
    becomePartner: 'كن شريكًا',
    menu: 'القائمة',
    closeMenu: 'إغلاق القائمة',
    language: 'اللغة',
    allOf: 'كل {name}',
    categories: 'الأقسام',
  },
  banner: {
    text: 'كل طلب هذا الموسم يضيف 5 جنيهات لوجبات الأسر المحتاجة.',
    cta: 'تبرّع',
    dismiss: 'إخفاء الشريط',
  },
  footer: {
    about: 'بازار البن يجمع أفضل محامص مصر وأدوات التحضير في متجر واحد من القاهرة الجديدة. التوصيل خلال 1 إلى 3 أيام على الأكثر.',
    newsletterTitle: 'النشرة البريدية',
    newsletterText: 'تحميصات جديدة وعروض ووصفات، مرة كل شهر.',
    emailLabel: 'البريد الإلكتروني',
    emailPlaceholder: 'you@example.com',
    subscribe: 'اشترك',
    categories: 'الأقسام',
    aboutLinks: 'عن المتجر',
    aboutUs: 'من نحن',
    contactUs: 'تواصل معنا',
    privacy: 'سياسة الخصوصية',
    terms: 'الشروط والأحكام',
    getApp: 'ثبّت تطبيق الموبايل',
    payments: 'طرق الدفع',
    follow: 'تابعنا',
    rights: '© {year} بازار البن. جميع الحقوق محفوظة.',
    supportHours: 'الدعم: كل يوم من 9:00 صباحًا إلى 6:00 مساءً عدا الجمعة والسبت',
  },
  newsletter: {
    success: 'تم اشتراكك في نشرتنا البريدية',
    errors: { failure: 'ربما تكون مشتركًا بالفعل' },
  },
  errors: {
    title: 'عذرًا! حدث خطأ ما.',
    tryLater: 'يرجى المحاولة مرة أخرى لاحقًا.',
    returnHome: 'العودة إلى الرئيسية',
    notFound: 'تعذر العثور على هذه الصفحة',
    unknown: 'خطأ غير معروف',
    statusCode: 'رمز الخطأ',
    requestId: 'مرجع لفريق الدعم',
  },
  loading: 'جارٍ التحميل…',
  toasts: { region: 'الإشعارات', close: 'إغلاق الإشعار' },
  home: {
    heroTitle: 'قهوة محمّصة طازجة في مصر، تصل إلى بابك خلال 1 إلى 3 أيام',
    heroText: 'قهوة أحادية المصدر وخلطات إسبريسو وبن تركي، والأدوات لتحضيرها.',
    heroCta: 'تسوّق القهوة',
    shopByCategory: 'تسوّق حسب القسم',
    newArrivals: 'وصل حديثًا',
    viewAll: 'عرض الكل',
  },
  products: {
    title: 'المنتجات',
    resultsFor: 'نتائج البحث عن «{query}»',
    noProducts: 'لا توجد منتجات',
    noProductsHint: 'جرّب قسمًا آخر أو بحثًا أقصر.',
    previousPrice: 'السعر السابق',
    rating: 'التقييم {rate} من 5',
    previousPage: 'السابق',
    nextPage: 'التالي',
    page: 'صفحة {page} من {pages}',
  },
  catalog: catalogMessages.ar,
  validation: {
    errors: {
      required: 'هذا الحقل مطلوب',
      email: 'أدخل بريدًا إلكترونيًا صحيحًا',
      tooShort: 'يجب ألا يقل عدد الأحرف عن {min}',
      tooLong: 'يجب ألا يزيد عدد الأحرف عن {max}',
      integer: 'يجب أن يكون رقمًا صحيحًا',
      min: 'يجب ألا يقل عن {min}',
      max: 'يجب ألا يزيد عن {max}',
      oneOf: 'يجب أن يكون أحد: {options}',
      invalid: 'هذه القيمة غير صالحة',
      mobile: 'أدخل رقم موبايل مصريًا، مثل 01012345678',
      malformedBody: 'تعذّرت قراءة البيانات المرسلة: تحقّق من صيغتها',
      failed: 'يرجى مراجعة الحقول المحددة',
    },
  },
  cart: cartMessages.ar,
  api: {
    errors: {
      notFound: 'غير موجود',
      productNotFound: 'المنتج غير موجود',
      sellerNotFound: 'البائع غير موجود',
      unknownCategory: 'قسم غير معروف',
      unknownSubCategory: 'قسم فرعي غير معروف لهذا القسم',
      serverError: 'حدث خطأ من جانبنا. يرجى المحاولة مرة أخرى.',
      unauthenticated: 'يرجى تسجيل الدخول للمتابعة.',
      foreignOrigin: 'لم تصدر هذه العملية من متجرنا.',
      unknownProvider: 'مزوّد دفع غير معروف',
      callbackRefused: 'تم رفض إشعار الدفع',
      databaseLost: 'المتجر مش قادر يحفظ أي حاجة دلوقتي. ما اتحفظش ولا اتخصم أي حاجة؛ جرّب تاني بعد كام دقيقة.',
      bodyTooLarge: 'حجم الطلب أكبر من المسموح، فتعذّرت قراءته.',
      storageUnavailable: 'تعذّر حفظ الملفات أو فتحها الآن، ولم يُحفظ شيء. يرجى المحاولة مرة أخرى بعد بضع دقائق.',
      malformedRequest: 'تعذّرت قراءة هذا الطلب: تحقّق من عنوانه وبياناته.',
    },
  },
  content: contentMessages.ar,
  forms: formsMessages.ar,
  wishlist: wishlistMessages.ar,
  payments: paymentsMessages.ar,
  numbers: numberMessages.ar,
  consent: consentMessages.ar,
  orders: ordersMessages.ar,
  account: accountMessages.ar,
  admin: adminMessages.ar,
  adminOrders: adminOrdersMessages.ar,
  adminMoney: adminMoneyMessages.ar,
  adminPayments: adminPaymentsMessages.ar,
  sellerLedger: sellerLedgerMessages.ar,
  adminCash: adminCashMessages.ar,
  couriers: courierMessages.ar,
  adminPromotions: adminPromotionMessages.ar,
  adminPartners: adminPartnerMessages.ar,
  adminCatalog: adminCatalogMessages.ar,
  adminContent: adminContentMessages.ar,
  adminAccount: adminAccountMessages.ar,
  auditWords: auditWordsMessages.ar,
  seller: sellerMessages.ar,
  sellerCatalog: sellerCatalogMessages.ar,
  deskModeration: deskModerationMessages.ar,
  reviews: reviewsMessages.ar,
  sellerOrders: sellerOrderMessages.ar,
  pwa: pwaMessages.ar,
  messaging: messagingMessages.ar,
  apiGuide: apiGuideMessages.ar,
  reports: reportsMessages.ar,
};
