import type { Dictionary } from '#i18n/en.ts';

/** The customer page's texts: the desk's own and the shop's order and payment labels (its own module: no cycle). */
export interface CustomerDeskText {
  money: Dictionary['adminMoney'];
  orderStatus: Record<string, string>;
  paymentStatus: Record<string, string>;
  /** Payment method names by code, in the page's language. */
  methods: Record<string, string>;
}
