/**
 * The shopper's account pages in menu order (spec section 2: /profile and its children account-setting,
 * address-book, my-wish-list, order-history). The wallet has no route of its own in the spec: it is the account's
 * start page, /profile itself. One list for the navbar's account dropdown and the account side menu.
 */
export const accountPages = [
  { id: 'account-setting', path: '/profile/account-setting', label: 'accountSettings' },
  { id: 'address-book', path: '/profile/address-book', label: 'addressBook' },
  { id: 'my-wish-list', path: '/profile/my-wish-list', label: 'wishlist' },
  { id: 'order-history', path: '/profile/order-history', label: 'orderHistory' },
  { id: 'wallet', path: '/profile', label: 'wallet' },
] as const;

export type AccountPageId = (typeof accountPages)[number]['id'];

/** The menu's labels, by the account dictionary's keys. */
export type AccountPageLabels = Record<(typeof accountPages)[number]['label'], string>;

/** The login route name a guest on this page returns to (lib/route-back.ts); the wallet lives on /profile itself. */
export const accountRouteName = (id: AccountPageId): string => (id === 'wallet' ? 'profile' : `profile-${id}`);

/** Just the menu's labels out of the account dictionary, so an island receives only the texts it draws. */
export function accountMenuLabels(text: AccountPageLabels): AccountPageLabels {
  return Object.fromEntries(accountPages.map((page) => [page.label, text[page.label]])) as AccountPageLabels;
}
