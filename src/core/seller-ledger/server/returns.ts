import type { ShopDb } from '#server/db/index.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import type { StaffActor } from '../../actors/server/actors.ts';
import { Problem } from '#server/problem.ts';
import { refundReturnedGoods } from '../../orders/server/refunds.ts';
import { reverseDeliveredLines } from './sales.ts';

/**
 * Staff record goods a shopper gave back after delivery (the order stays DELIVERED: the state machine has no way
 * back from it): in one transaction, each line's commission and seller's share are reversed (reverseDeliveredLines)
 * and what the shopper paid for the lines (their price less their share of a coupon) goes to the shopper's wallet
 * (refundReturnedGoods), audited. A line returned once is not returned again. Stock is not put back here: returned
 * goods are checked first, then counted on the stock desk.
 */
export async function returnDeliveredLines(
  db: ShopDb,
  input: { orderId: number; lineIds: readonly number[]; reason: string },
  actor: StaffActor,
  at = new Date(),
): Promise<{ refunded: number }> {
  const reason = input.reason.trim();
  if (!reason) throw new Problem(422, 'sellerLedger.reasonRequired', { fields: { reason: ['sellerLedger.reasonRequired'] } });
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id', 'status'])
      .where('id', '=', input.orderId)
      .executeTakeFirst();
    if (!order) throw new Problem(404, 'admin.orderNotFound');
    if (order.status !== 'DELIVERED') throw new Problem(409, 'sellerLedger.orderNotDelivered');
    const refunded = await reverseDeliveredLines(trx, { orderId: order.id, lineIds: input.lineIds, reason }, actor, at);
    if (refunded <= 0) throw new Problem(409, 'sellerLedger.nothingToReturn');
    await refundReturnedGoods(trx, order, refunded);
    await recordAudit(trx, actor, {
      action: 'order.return_delivered',
      subject: { type: 'order', id: order.id },
      after: { lines: input.lineIds, refunded, destination: 'wallet' },
      reason,
    });
    return { refunded };
  });
}
