import type { Dictionary } from '../../i18n/en.ts';
import type { CartControlText } from './CartControl.tsx';

/** The cart domain's texts, as the cart page island receives them. */
export type CartText = Dictionary['cart'];

/** A cart control's texts (CartControl.tsx), from the page's dictionary: the same for every card of a page. */
export function cartControlText(t: Dictionary): CartControlText {
  const c = t.cart;
  return {
    addToCart: c.addToCart,
    outOfStock: c.outOfStock,
    quantity: c.quantity,
    increase: c.increase,
    decrease: c.decrease,
    added: c.itemAdded,
    removed: c.itemRemoved,
    updated: c.cartUpdated,
  };
}
