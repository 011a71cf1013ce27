import type { Dictionary } from '#i18n/en.ts';
import type { SellerPermission } from '#core/permissions/seller-permissions.ts';

/**
 * The portal's pages, in menu order, with the permission each needs. Products, orders, payouts and statements are
 * named in the dictionaries already (`seller.nav`); their work adds a line here when its page exists, so the menu
 * never links to a page that is not there.
 */
const PORTAL_PAGES: { path: string; label: keyof Dictionary['seller']['nav']; permission: SellerPermission | null }[] = [
  { path: '/seller', label: 'dashboard', permission: 'dashboard.read' },
  { path: '/seller/products', label: 'products', permission: 'products.read' },
  { path: '/seller/orders', label: 'orders', permission: 'orders.read' },
  { path: '/seller/reviews', label: 'reviews', permission: 'products.read' },
  { path: '/seller/payouts', label: 'payouts', permission: 'money.read' },
  { path: '/seller/statement', label: 'statements', permission: 'money.read' },
  { path: '/seller/reports', label: 'reports', permission: 'money.read' },
  { path: '/seller/team', label: 'team', permission: 'team.manage' },
  // Every member's own password, sessions and recovery codes (issue 50).
  { path: '/seller/account', label: 'account', permission: null },
];

/** The entries this member's role may open, labelled in the page's language. */
export const portalMenu = (t: Dictionary, permissions: readonly SellerPermission[]) =>
  PORTAL_PAGES.filter((page) => page.permission === null || permissions.includes(page.permission)).map((page) => ({
    path: page.path,
    label: t.seller.nav[page.label],
  }));
