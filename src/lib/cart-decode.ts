/**
 * Reads the `cart` value from browser storage. Anyone can edit it by hand, so nothing in it is trusted:
 * bad JSON gives an empty cart, broken lines are repaired where the intent is clear and dropped otherwise.
 */
import {
  MAX_LINES,
  MAX_QUANTITY,
  quantityOf,
  setLineQuantity,
  withTotals,
  type CartLine,
  type CartProduct,
  type CartState,
} from './cart-math.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const positiveInt = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

// Only our own paths or https images: a hand-written `javascript:` or tracking URL never reaches an <img>.
const safeImage = (v: unknown): v is string =>
  typeof v === 'string' && v.length < 500 && (/^\/(?!\/)/.test(v) || v.startsWith('https://'));

function product(raw: unknown): CartProduct | undefined {
  if (!isObject(raw) || !positiveInt(raw['id']) || !positiveInt(raw['price'])) return undefined;
  const name = typeof raw['name'] === 'string' ? raw['name'].trim().slice(0, 300) : '';
  if (!name) return undefined;
  const before = raw['beforeDiscount'];
  const stock = raw['stock'];
  return {
    id: raw['id'],
    name,
    price: raw['price'],
    beforeDiscount: positiveInt(before) && before > raw['price'] ? before : null,
    images: Array.isArray(raw['images']) ? raw['images'].filter(safeImage).slice(0, 10) : [],
    // Unknown stock: the line keeps its quantity but cannot grow until the cart page refreshes it.
    stock: Number.isSafeInteger(stock) && (stock as number) >= 0 ? (stock as number) : -1,
  };
}

/** Valid lines from any value: fractional quantities are rounded down, duplicates merged, stock respected. */
export function sanitizeLines(value: unknown): CartLine[] {
  const list = isObject(value) && !Array.isArray(value) ? value['cartsProducts'] : value;
  if (!Array.isArray(list)) return [];
  let lines: CartLine[] = [];
  for (const raw of list.slice(0, MAX_LINES * 2)) {
    if (!isObject(raw)) continue;
    const p = product(raw['product']);
    const quantity = typeof raw['quantity'] === 'number' ? Math.min(Math.floor(raw['quantity']), MAX_QUANTITY) : NaN;
    if (!p || !(quantity >= 1)) continue;
    const existing = quantityOf(lines, p.id);
    if (!existing && lines.length >= MAX_LINES) continue;
    const line = { product: { ...p, stock: p.stock === -1 ? quantity : p.stock }, quantity: existing + quantity };
    const next = existing ? lines.map((l) => (l.product.id === p.id ? line : l)) : [...lines, line];
    // setLineQuantity applies the stock bound (and keeps a flagged out-of-stock line as it is).
    lines = setLineQuantity(next, p.id, line.quantity);
  }
  return lines;
}

/** The cart state stored under `cart`; never throws. */
export function decodeCart(raw: string | null | undefined): CartState {
  if (!raw) return withTotals([]);
  try {
    return withTotals(sanitizeLines(JSON.parse(raw)));
  } catch {
    return withTotals([]);
  }
}
