/**
 * Who in a seller's team may do what (issue 40, docs/sellers.md): the one table every `/api/seller/…` route is checked
 * against on the server (src/seller/accounts/server/require-seller.ts) and the one the portal reads to hide what a role
 * cannot do. The seller's owner does everything, the team included; the others one part of the work each.
 */
export const SELLER_ROLES = ['owner', 'catalog', 'orders', 'finance'] as const;
export type SellerRole = (typeof SELLER_ROLES)[number];

export const SELLER_PERMISSIONS = [
  /** The portal's dashboard: products count, recent order lines. */
  'dashboard.read',
  /** The seller's own products (the catalog work lands them). */
  'products.read',
  'products.manage',
  /** The seller's part of orders (the order split lands it). */
  'orders.read',
  'orders.work',
  /** Balances, payouts, statements (the ledger lands them). */
  'money.read',
  /** The team: invite members, change roles, remove members. */
  'team.manage',
] as const;
export type SellerPermission = (typeof SELLER_PERMISSIONS)[number];

export const SELLER_ROLE_PERMISSIONS: Record<SellerRole, readonly SellerPermission[]> = {
  owner: SELLER_PERMISSIONS,
  catalog: ['dashboard.read', 'products.read', 'products.manage'],
  orders: ['dashboard.read', 'products.read', 'orders.read', 'orders.work'],
  finance: ['dashboard.read', 'orders.read', 'money.read'],
};

export const isSellerRole = (value: string): value is SellerRole => (SELLER_ROLES as readonly string[]).includes(value);

export const sellerCan = (role: SellerRole, permission: SellerPermission): boolean =>
  SELLER_ROLE_PERMISSIONS[role].includes(permission);
