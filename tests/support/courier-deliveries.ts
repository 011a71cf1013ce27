import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { placeOrderTotalling } from './cash.ts';
import { moveOrderTo } from './order-states.ts';

type Db = Kysely<Database>;
type Json = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;

/** A cash-on-delivery order of `total` piastres moved along the desk to READY_TO_SHIP (what a company is handed). */
export async function readyOrder(db: Db, json: Json, total = 30000): Promise<{ id: number; total: number }> {
  const order = await placeOrderTotalling(db, json, total);
  await moveOrderTo(db, order.id, 'READY_TO_SHIP');
  return order;
}

export async function trackingOf(db: Db, orderId: number): Promise<string> {
  const row = await db
    .selectFrom('courier_deliveries')
    .select('tracking_number')
    .where('order_id', '=', orderId)
    .where('open', '=', 1)
    .executeTakeFirstOrThrow();
  return row.tracking_number!;
}

export async function orderRow(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['status', 'cash_to_collect', 'courier_id', 'tracking_number'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}
