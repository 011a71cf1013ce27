/**
 * Every template of the shop, shared by the suites that must visit them all (every-template.spec.ts: phones, valid HTML
 * and axe). One list, so a new template is checked.
 */
export const templates = [
  '/',
  '/products?category=1',
  '/products?category=1&sort=price_asc&page=2',
  '/products?query=coffee',
  '/single-product/1',
  '/seller-profile',
  '/seller-profile?query=cairo',
  '/seller-profile/1',
  '/seller-profile/1?query=kg',
  '/blog',
  '/blog/articles',
  '/articles/dialing-in-espresso',
  '/blog/reviews',
  '/reviews/ceramic-v60-dripper',
  '/recipes',
  '/single-recipe/overnight-cold-brew',
  '/coffe-shops',
  '/offers',
  '/offers/grinder-week',
  '/about-us',
  '/contact-us',
  '/privacy-policy',
  '/terms-and-conditions',
  '/become-partner',
  '/login',
  '/sign-up',
  '/forget-password',
  '/verify-otp',
  '/checkout/cart',
  '/checkout/success',
  '/get-app',
  // The API guide (issue 42); the reference it links to is the API's own page (api-reference.spec.ts).
  '/api-reference',
  // The service worker's offline pages (decision 025).
  '/offline',
  '/offline/checkout',
  '/no-such-page',
  // The error page, forced (ENABLE_TEST_FAULTS in the e2e server only).
  '/?__fail',
];

/** The shopper's own pages (logged in), each with the island that draws the account's data. */
export const shopperTemplates: [string, string][] = [
  // The account's start page: the wallet.
  ['/profile', 'WalletBalance'],
  ['/profile/account-setting', 'AccountSettings'],
  ['/profile/address-book', 'AddressBook'],
  ['/profile/order-history', 'OrderHistory'],
  ['/profile/my-wish-list', 'WishlistPage'],
  ['/checkout/checkout-payment', 'CheckoutPayment'],
];

/**
 * The back office's templates (issue 22), visited by the owner (every permission). `{order}`, `{courier}` and
 * `{customer}` stand for a record the sweep makes first. `guest`: a page for someone not signed in.
 */
export const adminTemplates: { path: string; guest?: boolean }[] = [
  { path: '/admin/login', guest: true },
  { path: '/admin/accept-invite?token=no-such-invitation', guest: true },
  { path: '/admin' },
  { path: '/admin/orders' },
  { path: '/admin/orders?status=PLACED&sort=total&dir=asc' },
  { path: '/admin/orders/{order}' },
  { path: '/admin/orders/print?ids={order}' },
  { path: '/admin/confirmations' },
  { path: '/admin/messages' },
  { path: '/admin/couriers' },
  { path: '/admin/couriers/{courier}' },
  { path: '/admin/couriers/deliveries' },
  { path: '/admin/couriers/settlements' },
  { path: '/admin/couriers/manifest/{courier}' },
  { path: '/admin/products' },
  { path: '/admin/products/{product}' },
  { path: '/admin/products/new' },
  { path: '/admin/products/import' },
  { path: '/admin/categories' },
  { path: '/admin/coupons' },
  { path: '/admin/coupons/{coupon}' },
  { path: '/admin/delivery' },
  { path: '/admin/partners' },
  { path: '/admin/partners/{application}' },
  { path: '/admin/sellers' },
  { path: '/admin/sellers/balances' },
  { path: '/admin/sellers/commission' },
  { path: '/admin/sellers/1/money' },
  { path: '/admin/sellers/1/statement' },
  { path: '/admin/moderation' },
  { path: '/admin/reviews' },
  { path: '/admin/refunds' },
  { path: '/admin/refunds?status=paid' },
  { path: '/admin/payments/reconciliation' },
  { path: '/admin/reports' },
  { path: '/admin/reports?report=cod&view=table' },
  { path: '/admin/customers' },
  { path: '/admin/customers?q=Mona' },
  { path: '/admin/customers/{customer}' },
  { path: '/admin/staff' },
  { path: '/admin/audit' },
  { path: '/admin/account' },
  { path: '/admin/content' },
  { path: '/admin/content?c=offers' },
  { path: '/admin/content?c=slides' },
  { path: '/admin/content/slides/slide-1' },
  { path: '/admin/content/articles/dialing-in-espresso' },
  { path: '/admin/content/articles/{entry}' },
  { path: '/admin/content/preview/articles/{entry}' },
  { path: '/admin/content/preview/recipes/{entry}' },
  { path: '/admin/content/preview/offers/{entry}' },
];

/**
 * Query-string variants of a template listed above it: the same page drawn with other data (a sort and page, a text
 * search, a status tab, a filter). The sweep checks their width and HTML but scans each template with axe once.
 */
const queryVariants = new Set([
  '/products?category=1&sort=price_asc&page=2',
  '/products?query=coffee',
  '/seller-profile?query=cairo',
  '/seller-profile/1?query=kg',
  '/admin/orders?status=PLACED&sort=total&dir=asc',
  '/admin/refunds?status=paid',
  '/admin/reports?report=cod&view=table',
  '/admin/customers?q=Mona',
  '/admin/content?c=offers',
  '/admin/content?c=slides',
]);

export const isVariant = (path: string) => queryVariants.has(path);

/**
 * Where the sweep scans the shop's frame with the page (elsewhere it is left out, the same markup again): the default
 * layout for a guest and for a signed-in shopper (the account menu), the sign-in pages' own header.
 */
const shellScannedOn = new Set(['/', '/login', '/profile']);

export const scansShell = (path: string) => shellScannedOn.has(path);
