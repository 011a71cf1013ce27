import { isOrderStatus, operatorNextStatuses, type OrderStatus } from '../../../lib/orders/order-status.ts';
import type { ShopDb } from '../../db/index.ts';
import { cancelOrder } from './cancel-order.ts';
import { moveOrderStatus } from './lifecycle.ts';
import { Problem } from '../../problem.ts';

/**
 * Moves an order one step along the state machine as an operator (the CLI; a back office later): never PENDING →
 * PLACED, which only a verified payment does. The UPDATE is conditional on the
 * status read, so two operators cannot both move it; CANCELED goes through cancelOrder to give stock and money back.
 */
export async function moveOrder(
  db: ShopDb,
  orderId: number,
  to: OrderStatus,
  actor = 'cli',
): Promise<{ from: OrderStatus; to: OrderStatus }> {
  const order = await db.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new Problem(404, 'orders.orderNotFound');
  const from = order.status;
  if (!isOrderStatus(from) || !operatorNextStatuses(from).includes(to))
    throw new Problem(409, 'orders.badTransition', { detail: { from, to } });
  if (to === 'CANCELED') {
    await cancelOrder(db, { orderId, userId: null, actor, from: [from] });
    return { from, to };
  }
  await db.transaction().execute(async (trx) => {
    if (!(await moveOrderStatus(trx, { orderId, from: [from], to, actor })))
      throw new Problem(409, 'orders.badTransition', { detail: { from, to } });
  });
  return { from, to };
}
