import type { Dictionary } from '#i18n/en.ts';
import type { CartControlText } from './CartControl.tsx';

/** The cart domain's texts, as the cart page island receives them. */
export type CartText = Dictionary['cart'];

const controlTexts = new WeakMap<Dictionary, CartControlText>();

/**
 * A cart control's texts (CartControl.tsx), from the page's dictionary: one object per language, made once, since
 * every card of every page asks for it (and cartControlMarkup keeps its escaped copy under that object).
 */
export function cartControlText(t: Dictionary): CartControlText {
  let text = controlTexts.get(t);
  if (!text) controlTexts.set(t, (text = controlTextOf(t)));
  return text;
}

function controlTextOf(t: Dictionary): CartControlText {
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
