import { makeCourier } from './cash.ts';
import { makeAddress, placeOrder, send } from './orders.ts';
import { moveOrderTo } from './order-states.ts';
import { makeShopper } from './shoppers.ts';
import type { OrderStatus } from '../../src/lib/orders/order-status.ts';

type Json = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;
type Db = Parameters<typeof makeShopper>[0];

/**
 * A shopper whose order of `productId` is in `status` (DELIVERED unless told), moved there by the desk's one mover
 * (issue 52's tests: only a delivered, not returned line can be rated).
 */
export async function shopperWithOrder(db: Db, json: Json, productId: number, status: OrderStatus = 'DELIVERED') {
  const shopper = await makeShopper(db);
  const address = await makeAddress(db, shopper.id);
  const placed = await placeOrder(json, shopper, productId, { address_id: address.id });
  if (placed.status !== 201) throw new Error(`order refused: ${JSON.stringify(placed.body)}`);
  const orderId = placed.body.data.id as number;
  if (status !== 'PLACED') await moveOrderTo(db, orderId, status, { courierId: await makeCourier(db), reason: 'test' });
  return { ...shopper, orderId };
}

/** PUT /api/products/{id}/review as the shopper. */
export const rate = (json: Json, shopper: { headers: Record<string, string> }, productId: number, body: object) =>
  json(`/api/products/${productId}/review?lang=en`, send('PUT', shopper.headers, body));
