import { sql, type ExpressionBuilder } from 'kysely';
import type { ShopDb } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

/**
 * A line the shopper received and kept, in a query over `order_lines as l` joined with `orders as o`: its order
 * DELIVERED, the line not cancelled by its seller, not returned after delivery (a `reversal` in the sellers' commission
 * lines, src/core/seller-ledger/server/returns.ts). The one rule of what may be rated (here and rate-targets.ts).
 */
export function receivedLine({
  and,
  eb,
  not,
  exists,
  selectFrom,
}: ExpressionBuilder<Database & { l: Database['order_lines']; o: Database['orders'] }, 'l' | 'o'>) {
  return and([
    eb('o.status', '=', 'DELIVERED'),
    eb('l.cancelled_at', 'is', null),
    not(
      exists(
        selectFrom('seller_commission_lines as s')
          .select(sql.lit(1).as('one'))
          .whereRef('s.order_line_id', '=', 'l.id')
          .where('s.kind', '=', 'reversal'),
      ),
    ),
  ]);
}

/**
 * The order line that makes a shopper a verified buyer of a product (issue 52): of an order of theirs that was
 * DELIVERED, not cancelled by its seller, and not returned after delivery (a `reversal` in the sellers' commission
 * lines, src/core/seller-ledger/server/returns.ts). Null: they may not rate it.
 */
export async function deliveredLine(db: ShopDb, userId: number, productId: number): Promise<number | null> {
  const row = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.id')
    .where('o.user_id', '=', userId)
    .where('l.product_id', '=', productId)
    .where(receivedLine)
    .orderBy('l.id', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the shopper is also a member of the product's seller (by e-mail; both are stored lowercased): a seller never rates its own products. */
export async function sellsIt(db: ShopDb, userId: number, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('seller_members as m', (join) => join.onRef('m.email', '=', 'u.email'))
    .innerJoin('products as p', 'p.seller_id', 'm.seller_id')
    .select('p.id')
    .where('u.id', '=', userId)
    .where('p.id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}
