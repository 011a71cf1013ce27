import type { Dictionary } from '../../i18n/en.ts';

/** The cart domain's texts, as the cart page island receives them. */
export type CartText = Dictionary['cart'];
