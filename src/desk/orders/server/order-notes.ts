import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

/** A staff note on an order (e.g. "shopper asked for delivery after 5 pm"), on its timeline and in the audit log. */
export async function addOrderNote(db: ShopDb, orderId: number, body: string, actor: StaffActor): Promise<void> {
  const text = body.trim();
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
    if (!order) throw new Problem(404, 'admin.orderNotFound');
    await trx
      .insertInto('order_notes')
      .values({ order_id: orderId, staff_id: actor.id, body: text, created_at: isoNow() })
      .execute();
    await recordAudit(trx, actor, { action: 'order.note', subject: { type: 'order', id: orderId }, after: { note: text } });
  });
}
