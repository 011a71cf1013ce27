import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import type { OrderStatus } from '../../src/lib/orders/order-status.ts';
import { makeAddress, makeProduct, send } from './orders.ts';
import { makeShopper } from './shoppers.ts';

type Db = Kysely<Database>;
type Json = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;

/** A cash-on-delivery order placed through the shop's API (one line of `price` piastres); returns its id and total. */
export async function placeCodOrder(db: Db, json: Json, price = 20000): Promise<{ id: number; total: number }> {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price, stock: 10 });
  const address = await makeAddress(db, shopper.id);
  const res = await json(
    '/api/orders',
    send('POST', shopper.headers, {
      products: [{ product_id: productId, quantity: 1 }],
      address_id: address.id,
      payment_method: 'cash_on_delivery',
    }),
  );
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, total: res.body.data.DiscountedTotal };
}

export async function makeCourier(db: Db, name = 'Courier') {
  const row = await db
    .insertInto('couriers')
    .values({ name, phone: '+201001234567', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Puts an order where a test needs it by writing its row, as the orders desk would have left it (tests may; the desk's
 * own moves are tested in admin-orders.test.ts): with a courier, the cash to collect, and the delivery time.
 */
export async function setOrder(
  db: Db,
  orderId: number,
  state: { status: OrderStatus; courierId?: number; cash?: number; deliveredAt?: Date | null; createdAt?: Date },
) {
  await db
    .updateTable('orders')
    .set({
      status: state.status,
      ...(state.courierId !== undefined ? { courier_id: state.courierId } : {}),
      ...(state.cash !== undefined ? { cash_to_collect: state.cash } : {}),
      ...(state.deliveredAt !== undefined ? { delivered_at: state.deliveredAt?.toISOString() ?? null } : {}),
      ...(state.createdAt ? { created_at: state.createdAt.toISOString() } : {}),
    })
    .where('id', '=', orderId)
    .execute();
}

/** An order event as the lifecycle would have written it (for the dashboard's "reached ACCEPT", hand-overs…). */
export async function addEvent(db: Db, orderId: number, status: OrderStatus, at = new Date()) {
  await db
    .insertInto('order_events')
    .values({ order_id: orderId, status, actor: 'system', created_at: at.toISOString() })
    .execute();
}

export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * 24 * 60 * 60 * 1000);
