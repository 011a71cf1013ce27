import type { OrderStatus } from '#lib/orders/order-status.ts';
import type { PartStatus } from '#lib/orders/part-status.ts';
import type { ShopDb } from '#server/db/index.ts';
import { moveParts } from '#core/orders/server/lifecycle.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit, type SellerAuditActor } from '#core/audit/server/audit.ts';

/** A signed-in member acting (sellerActor): its seller and id are known. */
export type MemberActor = SellerAuditActor & { id: number; sellerId: number };

/** The order statuses in which a seller works its part: paid (or cash) and not yet with the courier or cancelled. */
export const WORKABLE_ORDER: readonly OrderStatus[] = ['PLACED', 'ACCEPT', 'PREPARE', 'READY_TO_SHIP'];

/** The seller's part and its order's status, locked for the change; 404 when it is not this seller's. */
export async function partForWork(trx: ShopDb, sellerId: number, partId: number) {
  const part = await trx
    .selectFrom('order_parts')
    .innerJoin('orders', 'orders.id', 'order_parts.order_id')
    .select(['order_parts.id', 'order_parts.order_id', 'order_parts.status', 'orders.status as order_status'])
    .where('order_parts.id', '=', partId)
    .where('order_parts.seller_id', '=', sellerId)
    .where('orders.status', '!=', 'PENDING')
    .executeTakeFirst();
  if (!part) throw new Problem(404, 'seller.partNotFound');
  return { ...part, status: part.status as PartStatus, order_status: part.order_status as OrderStatus };
}

const STEPS = { accept: { from: 'new', to: 'accepted' }, ready: { from: 'accepted', to: 'ready' } } as const;

/**
 * The seller accepts its part, then marks it ready for the marketplace's courier to pick up: conditional on the state
 * it leaves (two members clicking at once move it once; the other is told it moved on), audited in the same
 * transaction. The order's own status stays the desk's: when every part is ready the desk sees it ready to hand over.
 */
export async function workPart(db: ShopDb, actor: MemberActor, partId: number, step: keyof typeof STEPS) {
  const { from, to } = STEPS[step];
  await db.transaction().execute(async (trx) => {
    const part = await partForWork(trx, actor.sellerId, partId);
    if (!WORKABLE_ORDER.includes(part.order_status)) throw new Problem(409, 'seller.partMovedOn');
    const moved = await moveParts(trx, { partId, sellerId: actor.sellerId }, [from], to);
    if (moved !== 1) throw new Problem(409, 'seller.partMovedOn');
    await recordAudit(trx, actor, {
      action: step === 'accept' ? 'orderPart.accept' : 'orderPart.ready',
      subject: { type: 'order', id: part.order_id },
      before: { part: partId, status: from },
      after: { part: partId, status: to },
    });
  });
}
