/**
 * Who on the staff may do what (issue 22, docs/back-office.md): the one table every admin route is checked against on
 * the server (src/desk/shell/server/require-staff.ts) and the one the interface reads to hide what a role cannot do.
 */
export const STAFF_ROLES = ['owner', 'operations', 'support', 'finance', 'content', 'seller'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'dashboard.read',
  /** The reports: sales, orders, payments, products and sellers over a period (issue 53; owner, finance, operations). */
  'reports.read',
  'orders.read',
  /** Confirmation calls, moves along the lifecycle, notes, labels. */
  'orders.work',
  'couriers.manage',
  'cash.read',
  'cash.remit',
  /** Write off what a courier's remittance fell short by, with a reason (issue 33; finance). */
  'cash.write_off',
  'refunds.read',
  'refunds.pay',
  /** The daily payments reconciliation report: each provider's record against the shop's (issue 39; finance). */
  'payments.reconcile',
  'customers.read',
  /** Flag a shopper for cash on delivery. */
  'customers.flag',
  'wallet.credit',
  'wallet.debit',
  /** Coupons: create, edit, pause and resume (issue 23). */
  'promotions.manage',
  /** Products: prices, old prices and stock in the grid, their stock history (issue 23). */
  'catalog.manage',
  /** Partner applications and their documents: approve (a new seller) or reject (issue 23). */
  'partners.manage',
  /** The editors' desk: write, preview, publish, schedule, roll back the site's content (issue 24). */
  'content.manage',
  /** Shoppers' reviews and sellers' replies: approve, reject with a reason, the words that flag a text (issue 52). */
  'reviews.moderate',
  /** Sellers' balances, statements and payouts (issue 40). */
  'sellers.finance.read',
  /** Record a payout to a seller, adjust a seller's balance (with a reason), suspend or resume payouts. */
  'sellers.payout',
  /** Commission rules per marketplace, category and seller. */
  'sellers.commission',
  'staff.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const everything: readonly Permission[] = PERMISSIONS;

/**
 * Support may credit a wallet (a goodwill credit, with a reason) but only finance takes money out of one; sellers are
 * reserved for the marketplace issue and may do nothing yet.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: everything,
  operations: [
    'dashboard.read',
    'reports.read',
    'orders.read',
    'orders.work',
    'couriers.manage',
    'cash.read',
    'customers.read',
    'customers.flag',
    'promotions.manage',
    'catalog.manage',
    'partners.manage',
  ],
  support: [
    'dashboard.read',
    'orders.read',
    'customers.read',
    'customers.flag',
    'wallet.credit',
    'refunds.read',
    'reviews.moderate',
  ],
  finance: [
    'dashboard.read',
    'reports.read',
    'orders.read',
    'cash.read',
    'cash.remit',
    'cash.write_off',
    'refunds.read',
    'refunds.pay',
    'payments.reconcile',
    'customers.read',
    'wallet.credit',
    'wallet.debit',
    'sellers.finance.read',
    'sellers.payout',
    'sellers.commission',
  ],
  content: ['content.manage', 'reviews.moderate'],
  seller: [],
};

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

export const can = (role: StaffRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);
