import type { Locale } from '#i18n/locales.ts';
import { withTotals, type CartLine, type ServerCart } from '#lib/cart-math.ts';
import type { CartQuoteRequest } from '#lib/schemas/cart.ts';
import { Problem, type FieldProblem } from '../../problem.ts';
import type { ShopDb } from '../../db/index.ts';
import { toProductCard } from '../catalog/product-mapper.ts';
import { joinedProducts } from '../catalog/joined-products.ts';
import { lockShopper } from '../shopper-lock.ts';
import { localField } from '#i18n/localized.ts';

export type { ServerCart };

/** A shopper's cart with the catalog's current prices, names in `locale`, in the order the lines were sent. */
export async function readCart(db: ShopDb, userId: number, locale: Locale): Promise<ServerCart> {
  const rows = await db
    .selectFrom('cart_items')
    .select(['product_id', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  const ids = rows.map((r) => r.product_id);
  const products = ids.length ? await joinedProducts(db).where('p.id', 'in', ids).execute() : [];
  const byId = new Map(products.map((row) => [row.id, toProductCard(row, locale)]));
  const items: CartLine[] = [];
  for (const { product_id, quantity } of rows) {
    const card = byId.get(product_id);
    if (!card) continue;
    const { id, name, price, beforeDiscount, images, stock } = card;
    // Stock may have fallen since the line was saved: shown lowered, or flagged when sold out (as the quote does).
    items.push({
      product: { id, name, price, beforeDiscount, images, stock },
      quantity: stock > 0 ? Math.min(quantity, stock) : quantity,
    });
  }
  const { sub_total, total, totalItems, delivery_charge, walletAmount, discount } = withTotals(items);
  return { items, sub_total, total, totalItems, delivery_charge, walletAmount, discount };
}

/**
 * Replaces the shopper's cart with `request` (POST /shopping-cart). Every id must exist, appear once and ask for
 * 1..stock units; otherwise nothing changes and the answer names each bad line in the request's language.
 */
export async function replaceCart(db: ShopDb, userId: number, request: CartQuoteRequest, locale: Locale): Promise<ServerCart> {
  const ids = request.products.map((p) => p.product_id);
  const rows = ids.length
    ? await db.selectFrom('products').select(['id', 'stock', 'name_en', 'name_ar']).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: Record<string, FieldProblem[]> = {};
  const seen = new Set<number>();
  request.products.forEach(({ product_id: id, quantity }, i) => {
    const row = byId.get(id);
    if (seen.has(id)) errors[`products.${i}.product_id`] = [{ code: 'wishlist.duplicate', values: { id } }];
    else if (!row) errors[`products.${i}.product_id`] = [{ code: 'wishlist.unknownProduct', values: { id } }];
    else {
      const name = localField(locale, row, 'name');
      if (row.stock <= 0) errors[`products.${i}.quantity`] = [{ code: 'wishlist.soldOut', values: { name } }];
      else if (quantity > row.stock)
        errors[`products.${i}.quantity`] = [{ code: 'wishlist.aboveStock', values: { name, stock: row.stock } }];
    }
    seen.add(id);
  });
  // The first line's problem is the message, as a toast shows it.
  const first = Object.values(errors)[0]?.[0];
  if (first && typeof first !== 'string') throw new Problem(422, first.code, { values: first.values ?? {}, fields: errors });
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await lockShopper(trx, userId);
    await trx.deleteFrom('cart_items').where('user_id', '=', userId).execute();
    if (request.products.length)
      await trx
        .insertInto('cart_items')
        .values(
          request.products.map((p, position) => ({
            user_id: userId,
            product_id: p.product_id,
            quantity: p.quantity,
            position,
            updated_at: now,
          })),
        )
        .execute();
  });
  return readCart(db, userId, locale);
}

/** Removes one product from the shopper's cart (absent: nothing to do); unknown products are a 404. */
export async function removeCartLine(db: ShopDb, userId: number, productId: number, locale: Locale): Promise<ServerCart> {
  const exists = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!exists) throw new Problem(404, 'api.productNotFound');
  await db.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', '=', productId).execute();
  return readCart(db, userId, locale);
}

/** Takes ordered (or paid) products out of the shopper's server cart, inside the caller's transaction. */
export async function removeFromServerCart(db: ShopDb, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', 'in', productIds).execute();
}
