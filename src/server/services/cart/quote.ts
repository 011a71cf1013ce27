import type { Locale } from '#i18n/locales.ts';
import { withTotals, type CartLine } from '#lib/cart-math.ts';
import type { CartQuote } from '#lib/cart-quote.ts';
import type { CartQuoteRequest } from '#lib/schemas/cart.ts';
import type { ShopDb } from '../../db/index.ts';
import { toProductCard } from '../catalog/product-mapper.ts';
import { joinedProducts } from '../catalog/joined-products.ts';

/**
 * Current price and stock of the requested products, as cart lines in the request's order. Quantities are
 * lowered to the stock; an out-of-stock line keeps its quantity so the shopper sees it flagged. Totals are
 * integer piastres from the same math the store uses.
 */
export async function quoteCart(db: ShopDb, request: CartQuoteRequest, locale: Locale): Promise<CartQuote> {
  const wanted = new Map<number, number>();
  for (const { product_id, quantity } of request.products) wanted.set(product_id, (wanted.get(product_id) ?? 0) + quantity);
  const ids = [...wanted.keys()];
  const rows = ids.length ? await joinedProducts(db).where('p.id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, toProductCard(row, locale)]));
  const items: CartLine[] = [];
  for (const [id, quantity] of wanted) {
    const card = byId.get(id);
    if (!card) continue;
    const { name, price, beforeDiscount, images, stock } = card;
    items.push({
      product: { id, name, price, beforeDiscount, images, stock },
      quantity: stock > 0 ? Math.min(quantity, stock) : quantity,
    });
  }
  const { sub_total, total, totalItems, delivery_charge, walletAmount, discount } = withTotals(items);
  return {
    items,
    unknown_ids: ids.filter((id) => !byId.has(id)),
    sub_total,
    total,
    totalItems,
    delivery_charge,
    walletAmount,
    discount,
  };
}
