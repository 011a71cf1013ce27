/**
 * The spec's cart fetch with the merge flag (section 4), as pure functions: the guest's lines and the account's
 * lines become one cart. Shared by the browser sync and the tests; no zod, no store.
 */
import { MAX_LINES, MAX_QUANTITY, type CartLine } from './cart-math.ts';

/** Highest quantity a line may hold: its stock and the global cap (a sold-out line stays, flagged, as the cart shows it). */
const cap = (line: CartLine, quantity: number): number =>
  Math.min(quantity, line.product.stock > 0 ? line.product.stock : MAX_QUANTITY, MAX_QUANTITY);

/**
 * One cart from the local (guest) lines and the server's: a product in both gets the sum of both quantities,
 * capped at its stock, and the server's fresher product snapshot; every other line is kept (local first, in
 * their order, then the server's). Each product appears once, even when an input repeats it.
 */
export function mergeCarts(local: readonly CartLine[], server: readonly CartLine[]): CartLine[] {
  const merged = new Map<number, CartLine>();
  for (const line of [...local, ...server]) {
    const id = line.product.id;
    const before = merged.get(id);
    // The later line (the server's) carries the current price and stock.
    const base = before ? { ...line, quantity: before.quantity + line.quantity } : line;
    merged.set(id, { product: base.product, quantity: cap(base, base.quantity) });
  }
  return [...merged.values()].slice(0, MAX_LINES);
}

/** The spec's cart item payload (POST /shopping-cart): in-stock lines, quantities within the stock. */
export function cartPayload(lines: readonly CartLine[]): { products: { product_id: number; quantity: number }[] } {
  return {
    products: lines
      .filter((line) => line.product.stock > 0 && line.quantity >= 1)
      .map((line) => ({ product_id: line.product.id, quantity: cap(line, line.quantity) })),
  };
}

/** Quantities by product, as last agreed with the server (the payload's shape, kept in localStorage). */
export type CartBase = readonly { product_id: number; quantity: number }[];

/**
 * A three-way merge for a logged-in shopper (issue 19): `base` is what the server had when this browser last
 * agreed with it, `local` the page's cart, `server` the server's copy now. A product whose quantity the page
 * changed since the base (added, changed or removed here, not yet sent) keeps the page's quantity; every other
 * product takes the server's (changed on another device). Nothing the shopper did here is dropped, and
 * nothing another device did is undone. The server's product snapshot wins (fresher price and stock).
 */
export function reconcileCarts(base: CartBase, local: readonly CartLine[], server: readonly CartLine[]): CartLine[] {
  const before = new Map(base.map((b) => [b.product_id, b.quantity]));
  const mine = new Map(local.map((l) => [l.product.id, l]));
  const theirs = new Map(server.map((l) => [l.product.id, l]));
  const result: CartLine[] = [];
  for (const id of new Set([...theirs.keys(), ...mine.keys()])) {
    const here = mine.get(id);
    const there = theirs.get(id);
    const changedHere = (here?.quantity ?? 0) !== (before.get(id) ?? 0);
    const quantity = changedHere ? (here?.quantity ?? 0) : (there?.quantity ?? 0);
    const product = (there ?? here)!.product;
    if (quantity > 0) result.push({ product, quantity: cap({ product, quantity }, quantity) });
  }
  return result.slice(0, MAX_LINES);
}
