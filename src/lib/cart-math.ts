/**
 * Pure cart math shared by the store, the mini-cart and the server's quote: money is integer piastres,
 * lines are the spec's `{ product, quantity }`. No zod here: this ships to every page with a cart control.
 */

/** The product snapshot a cart line keeps (spec section 3: id, name, price, beforeDiscount, images) plus stock. */
export interface CartProduct {
  id: number;
  name: string;
  price: number;
  beforeDiscount: number | null;
  images: string[];
  stock: number;
}

/** What a cart line keeps of a product: its first picture only, so the stored cart stays small. */
export function toCartProduct(
  p: { id: number; name: string; price: number; beforeDiscount: number | null; stock: number },
  image: string | undefined,
): CartProduct {
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    beforeDiscount: p.beforeDiscount,
    images: image ? [image] : [],
    stock: p.stock,
  };
}

export interface CartLine {
  product: CartProduct;
  quantity: number;
}

/** Cart state fields as the spec names them (section 3). */
export interface CartState {
  cartsProducts: CartLine[];
  sub_total: number;
  total: number;
  /** Units in the cart (sum of quantities). */
  totalItems: number;
  delivery_charge: number;
  walletAmount: number;
  discount: number;
  isLoading: boolean;
}

/**
 * The server cart (spec section 3; GET and POST /shopping-cart): `items` ({ product, quantity }) plus the detail
 * fields copied into cart state. The server's shopper-cart service returns this type and the cart sync reads it.
 */
export interface ServerCart extends Omit<CartState, 'cartsProducts' | 'isLoading'> {
  items: CartLine[];
}

export const CART_STORAGE_KEY = 'cart';
/** Fired on window after every change of the store in this tab (detail: the number of lines); the mini-cart dot listens. */
export const CART_CHANGE_EVENT = 'cart:change';
/** Event a page sends after changing a cart control's product snapshot (e.g. a variant switch). */
export const CART_CONTROL_REFRESH = 'cart-control:refresh';
/** Upper bound on one line's quantity when the stock is unknown, and on the number of lines kept. */
export const MAX_QUANTITY = 999;
export const MAX_LINES = 100;

/** A state whose subtotal is the sum of price × quantity and whose total equals it (spec section 4). */
export function withTotals(lines: CartLine[], isLoading = false): CartState {
  let subTotal = 0;
  let units = 0;
  for (const line of lines) {
    subTotal += line.product.price * line.quantity;
    units += line.quantity;
  }
  return {
    cartsProducts: lines,
    sub_total: subTotal,
    total: subTotal,
    totalItems: units,
    delivery_charge: 0,
    walletAmount: 0,
    discount: 0,
    isLoading,
  };
}

/** Sets a line's quantity in whole units, at most its stock; 0 or less removes it. Unknown ids change nothing. */
export function setLineQuantity(lines: CartLine[], id: number, quantity: number): CartLine[] {
  const wanted = Math.floor(quantity);
  if (!(wanted >= 1)) return removeLine(lines, id);
  return lines.map((line) => {
    if (line.product.id !== id) return line;
    // An out-of-stock line stays in the cart, flagged, until removed: it may only go down.
    const bound = line.product.stock > 0 ? Math.min(line.product.stock, MAX_QUANTITY) : line.quantity;
    return { ...line, quantity: Math.min(wanted, bound) };
  });
}

/** Adds units of a product (a new line, or more of an existing one), never beyond its stock. */
export function addLine(lines: CartLine[], product: CartProduct, quantity = 1): CartLine[] {
  if (product.stock <= 0 || !(quantity >= 1)) return lines;
  const existing = lines.find((line) => line.product.id === product.id);
  if (existing) return setLineQuantity(lines, product.id, existing.quantity + quantity);
  if (lines.length >= MAX_LINES) return lines;
  return [...lines, { product, quantity: Math.min(Math.floor(quantity), product.stock, MAX_QUANTITY) }];
}

export const removeLine = (lines: CartLine[], id: number): CartLine[] => lines.filter((line) => line.product.id !== id);

/** Quantity of a product in the cart (0 when absent). */
export const quantityOf = (lines: readonly CartLine[], id: number): number =>
  lines.find((line) => line.product.id === id)?.quantity ?? 0;
