/**
 * Live prices on the cart page: the server's quote (current price, stock, localized name of each product)
 * is applied to the lines the shopper has now, and every difference becomes a notice the line shows.
 */
import { setLineQuantity, type CartLine, type CartState } from './cart-math.ts';

/** The quote's reply: known products as cart lines (quantity lowered to the stock) plus the server's totals. */
export interface CartQuote extends Omit<CartState, 'cartsProducts' | 'isLoading'> {
  items: CartLine[];
  /** Requested ids the catalog does not know (deleted or hand-edited). */
  unknown_ids: number[];
}

export type LineNotice =
  { kind: 'priceChanged'; from: number; to: number } | { kind: 'lowered'; from: number; to: number } | { kind: 'outOfStock' };

export interface Reconciled {
  lines: CartLine[];
  notices: Record<number, LineNotice[]>;
  /** Lines dropped because their product no longer exists. */
  removed: CartLine[];
}

/** Applies a quote to the current lines (which may have changed while it was on its way). */
export function reconcile(current: CartLine[], quote: Pick<CartQuote, 'items' | 'unknown_ids'>): Reconciled {
  const fresh = new Map(quote.items.map((item) => [item.product.id, item.product]));
  const unknown = new Set(quote.unknown_ids);
  const notices: Record<number, LineNotice[]> = {};
  const removed: CartLine[] = [];
  let lines: CartLine[] = [];
  for (const line of current) {
    const product = fresh.get(line.product.id);
    if (unknown.has(line.product.id)) {
      removed.push(line);
      continue;
    }
    // A line added after the quote was asked for (another tab) stays as it is.
    if (!product) {
      lines = [...lines, line];
      continue;
    }
    const list: LineNotice[] = [];
    if (product.price !== line.product.price) list.push({ kind: 'priceChanged', from: line.product.price, to: product.price });
    if (product.stock <= 0) list.push({ kind: 'outOfStock' });
    else if (line.quantity > product.stock) list.push({ kind: 'lowered', from: line.quantity, to: product.stock });
    if (list.length) notices[product.id] = list;
    lines = setLineQuantity([...lines, { product, quantity: line.quantity }], product.id, line.quantity);
  }
  return { lines, notices, removed };
}

/** True when every line can be ordered as it stands: something in the cart and nothing out of stock. */
export const canCheckout = (lines: readonly CartLine[]): boolean =>
  lines.length > 0 && lines.every((line) => line.product.stock > 0 && line.quantity <= line.product.stock);
