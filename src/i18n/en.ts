import { cartMessages } from './messages/cart.ts';
import type { Widen } from './messages/define.ts';
import { catalogMessages } from './messages/catalog.ts';
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

/**
 * English dictionary: the source of every key. Spec texts are used verbatim.
 * Domains with many texts live in ./messages/<domain>.ts (defineMessages) and are registered here and in ar.ts.
 */
export const en = {
  site: {
    name: 'Bean Bazaar',
    tagline: 'Specialty coffee, gear and gifts, delivered across Egypt',
    description:
      'Buy specialty coffee, espresso machines, grinders and accessories online in Egypt. Prices in EGP, delivery in 1 to 3 days.',
    skipToContent: 'Skip to content',
  },
  nav: {
    home: 'Home',
    products: 'All products',
    searchPlaceholder: 'Search coffee, gear…',
    searchLabel: 'Search products',
    searchSubmit: 'Search',
    cart: 'Cart',
    cartHasItems: 'Your cart has items',
    login: 'Login / Register',
    becomePartner: 'Become a partner',
    menu: 'Menu',
    closeMenu: 'Close menu',
    language: 'Language',
    allOf: 'All {name}',
    categories: 'Categories',
  },
  banner: {
    text: 'Every order this season adds 5 EGP to meals for families in need.',
    cta: 'Donate',
    dismiss: 'Dismiss banner',
  },
  footer: {
    about:
      'Bean Bazaar brings Egypt’s best roasters and brewing gear to one shop in New Cairo. Delivery takes 1 to 3 days at most.',
    newsletterTitle: 'Newsletter',
    newsletterText: 'New roasts, offers and recipes, once a month.',
    emailLabel: 'Email address',
    emailPlaceholder: 'you@example.com',
    subscribe: 'Subscribe',
    categories: 'Categories',
    aboutLinks: 'About',
    aboutUs: 'About us',
    contactUs: 'Contact us',
    privacy: 'Privacy policy',
    terms: 'Terms and conditions',
    getApp: 'Get the mobile app',
    payments: 'We accept',
    follow: 'Follow us',
    rights: '© {year} Bean Bazaar. All rights reserved.',
    supportHours: 'Support: every day 9:00 AM to 6:00 PM except Friday and Saturday',
  },
  newsletter: {
    success: 'You are now subscribed to our newsletter',
    errors: { failure: 'You may already be subscribed' },
  },
  errors: {
    title: 'Oops! Something went wrong.',
    tryLater: 'Please try again later.',
    returnHome: 'Return to Home',
    notFound: 'This page could not be found',
    unknown: 'Unknown error',
    statusCode: 'Error code',
    requestId: 'Reference for our support team',
  },
  loading: 'Loading…',
  toasts: { region: 'Notifications', close: 'Close notification' },
  home: {
    heroTitle: 'Freshly roasted in Egypt, at your door in 1 to 3 days',
    heroText: 'Single origins, espresso blends, Turkish coffee and the gear to brew them.',
    heroCta: 'Shop coffee',
    shopByCategory: 'Shop by category',
    newArrivals: 'New arrivals',
    viewAll: 'View all',
  },
  products: {
    title: 'Products',
    resultsFor: 'Results for “{query}”',
    noProducts: 'No products found',
    noProductsHint: 'Try another category or a shorter search.',
    previousPrice: 'Previous price',
    rating: 'Rated {rate} out of 5',
    previousPage: 'Previous',
    nextPage: 'Next',
    page: 'Page {page} of {pages}',
  },
  catalog: catalogMessages.en,
  validation: {
    errors: {
      required: 'This field is required',
      email: 'Enter a valid email address',
      tooShort: 'Must be at least {min} characters',
      tooLong: 'Must be at most {max} characters',
      integer: 'Must be a whole number',
      min: 'Must be at least {min}',
      max: 'Must be at most {max}',
      oneOf: 'Must be one of: {options}',
      invalid: 'This value is not valid',
      mobile: 'Enter an Egyptian mobile number, for example 01012345678',
      malformedBody: 'The request body could not be read: check its format',
      failed: 'Please check the highlighted fields',
    },
  },
  cart: cartMessages.en,
  /** What the API answers when it refuses a request (codes `api.<key>`, src/server/problem.ts). */
  api: {
    errors: {
      notFound: 'Not found',
      productNotFound: 'Product not found',
      sellerNotFound: 'Seller not found',
      unknownCategory: 'Unknown category',
      unknownSubCategory: 'Unknown sub-category for this category',
      serverError: 'Something went wrong on our side. Please try again.',
      unauthenticated: 'Please log in to continue.',
      foreignOrigin: 'This request did not come from our shop.',
      unknownProvider: 'Unknown payment provider',
      callbackRefused: 'Callback refused',
      databaseLost: 'The shop cannot save anything right now. Nothing was saved or charged; please try again in a few minutes.',
      bodyTooLarge: 'The request is too large to be read.',
      storageUnavailable: 'Files cannot be saved or opened right now. Nothing was saved; please try again in a few minutes.',
      malformedRequest: 'This request could not be read: check its address and headers.',
    },
  },
  content: contentMessages.en,
  forms: formsMessages.en,
  wishlist: wishlistMessages.en,
  payments: paymentsMessages.en,
  numbers: numberMessages.en,
  consent: consentMessages.en,
  orders: ordersMessages.en,
  account: accountMessages.en,
  admin: adminMessages.en,
  adminOrders: adminOrdersMessages.en,
  adminMoney: adminMoneyMessages.en,
  adminPayments: adminPaymentsMessages.en,
  sellerLedger: sellerLedgerMessages.en,
  adminCash: adminCashMessages.en,
  couriers: courierMessages.en,
  adminPromotions: adminPromotionMessages.en,
  adminPartners: adminPartnerMessages.en,
  adminCatalog: adminCatalogMessages.en,
  adminContent: adminContentMessages.en,
  adminAccount: adminAccountMessages.en,
  auditWords: auditWordsMessages.en,
  seller: sellerMessages.en,
  sellerCatalog: sellerCatalogMessages.en,
  deskModeration: deskModerationMessages.en,
  reviews: reviewsMessages.en,
  sellerOrders: sellerOrderMessages.en,
  pwa: pwaMessages.en,
  messaging: messagingMessages.en,
  apiGuide: apiGuideMessages.en,
  reports: reportsMessages.en,
};

/** Every language must provide every key of the English dictionary. */
export type Dictionary = Widen<typeof en>;
