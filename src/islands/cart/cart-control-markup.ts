import type { CartProduct } from '#lib/cart-math.ts';
import { escapeMarkup as escape } from '#lib/text.ts';
import type { CartStep } from '#stores/cart.ts';

/** A cart control's texts: its buttons' and the toast's after each step. */
export interface CartControlText extends Record<CartStep, string> {
  addToCart: string;
  outOfStock: string;
  quantity: string;
  increase: string;
  decrease: string;
}

// The classes CartControl.tsx draws with; the markup below must stay its first render (cart-control-markup.test.ts).
export const CART_CONTROL_CLASSES = {
  step: 'grid h-9 w-9 place-items-center rounded-full text-lg font-bold hover:bg-roast-100 disabled:opacity-50',
  outOfStock: 'h-10 w-full cursor-not-allowed rounded-full bg-roast-100 px-3 text-sm font-semibold text-roast-700',
  add: 'h-10 w-full rounded-full bg-roast-700 px-3 text-sm font-semibold text-white hover:bg-roast-900',
  counter: 'grid h-10 grid-cols-3 place-items-center rounded-full border border-roast-200 bg-white px-0.5',
  output: 'min-w-8 text-center font-semibold',
} as const;

const hidden = (on: boolean) => (on ? ' hidden=""' : '');

/** The product-independent parts of a card's control, escaped once per texts object (one per language). */
const drawnParts = new WeakMap<CartControlText, { outOfStock: string; add: string; counter: string; plus: string }>();

function partsOf(text: CartControlText) {
  let parts = drawnParts.get(text);
  if (!parts) {
    const c = CART_CONTROL_CLASSES;
    parts = {
      outOfStock: ` class="${c.outOfStock}">${escape(text.outOfStock)}</button>`,
      add: ` class="${c.add}">${escape(text.addToCart)}</button>`,
      counter:
        `<div role="group" aria-label="${escape(text.quantity)}" hidden="" class="${c.counter}">` +
        `<button type="button" data-cart-step="-1" aria-label="${escape(text.decrease)}" class="${c.step}">−</button>` +
        `<output aria-live="polite" class="${c.output}">0</output>` +
        `<button type="button" data-cart-step="1" aria-label="${escape(text.increase)}"`,
      plus: ` class="${c.step}">+</button></div></div>`,
    };
    drawnParts.set(text, parts);
  }
  return parts;
}

/**
 * What CartControl renders on the server for a card (nothing in the cart yet, not mounted), as a string: a product
 * grid draws its cards' controls with this and hydrates them from one island (CardActions.tsx) instead of placing
 * an island per card, which cost a listing page about a third of its server time (docs/benchmarks.md, issue 25).
 */
export function cartControlMarkup(product: CartProduct, text: CartControlText): string {
  const parts = partsOf(text);
  const available = product.stock > 0;
  return (
    `<div data-cart-control="${product.id}" class="mt-2 ">` +
    `<button type="button" disabled=""${hidden(available)}${parts.outOfStock}` +
    `<button type="button" data-cart-add="true"${hidden(!available)}${parts.add}` +
    `${parts.counter}${hidden(product.stock <= 0)}${parts.plus}`
  );
}
