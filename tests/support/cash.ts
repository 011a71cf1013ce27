import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { backdateOrder, moveOrderTo, payOrder } from './order-states.ts';
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
 * An order of a new shopper placed through the shop's API whose total is `total` piastres (the line's price is the
 * total less Cairo's delivery fee): cash on delivery, or a card order paid through the settlement when `prepaid` (an
 * unpaid card order, PENDING, with `method` 'card' and not `prepaid`).
 */
export async function placeOrderTotalling(
  db: Db,
  json: Json,
  total: number,
  prepaid = false,
  method: 'cash_on_delivery' | 'card' = prepaid ? 'card' : 'cash_on_delivery',
): Promise<{ id: number; total: number }> {
  const shopper = await makeShopper(db);
  const address = await makeAddress(db, shopper.id);
  const productId = await makeProduct(db, { price: total - address.fee, stock: 10 });
  const res = await json(
    '/api/orders',
    send('POST', shopper.headers, {
      products: [{ product_id: productId, quantity: 1 }],
      address_id: address.id,
      payment_method: method,
    }),
  );
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.data.id as number;
  if (prepaid) await payOrder(db, id);
  return { id, total: res.body.data.DiscountedTotal };
}

/**
 * An order of `courierId` in `status` (WITH_COURIER or DELIVERED) through the services: placed through the API with
 * `cash` to collect (0: a paid card order), moved along the orders desk, its delivery backdated `days` days.
 */
export async function courierOrder(
  db: Db,
  json: Json,
  courierId: number,
  cash: number,
  options: { status?: 'WITH_COURIER' | 'DELIVERED'; days?: number } = {},
): Promise<number> {
  const { id } = await placeOrderTotalling(db, json, cash || 20000, cash === 0);
  const status = options.status ?? 'DELIVERED';
  await moveOrderTo(db, id, status, { courierId });
  if (status === 'DELIVERED' && options.days) await backdateOrder(db, id, { deliveredAt: daysAgo(options.days) });
  return id;
}

export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * 24 * 60 * 60 * 1000);
