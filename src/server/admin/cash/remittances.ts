import { formatOrderId } from '../../../i18n/format.ts';
import type { Remittance } from '../../../lib/admin/cash-views.ts';
import { poundsText } from '../../../lib/money.ts';
import type { ShopDb } from '../../db/index.ts';
import { isoNow } from '../../auth/secrets.ts';
import { Problem } from '../../problem.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { recordAudit } from '../audit.ts';
import type { StaffActor } from '../staff-actor.ts';

/**
 * A remittance (issue 22): finance counts the cash a courier hands in and records it against the delivered orders it
 * covers. The amount counted must equal the cash of those orders to the piastre, or nothing is recorded. One
 * transaction writes the remittance, its orders and the audit record; the unique `remittance_orders.order_id` makes
 * sure an order's cash is remitted once even when two members of finance submit the same order at the same moment.
 */
export interface RemittanceInput {
  courierId: number;
  orderIds: readonly number[];
  /** Piastres counted. */
  amount: number;
  note?: string | undefined;
}

const alreadyRemitted = (orderIds: number[]) =>
  new Problem(409, 'adminCash.orderAlreadyRemitted', {
    values: { orders: formatOrderId(orderIds[0] ?? '') },
    detail: { orders: orderIds },
  });

/** The courier's cash still owed (delivered, unremitted), for the audit record's before and after. */
async function owedBy(trx: ShopDb, courierId: number): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .leftJoin('remittance_orders', 'remittance_orders.order_id', 'orders.id')
    .where('orders.courier_id', '=', courierId)
    .where('orders.status', '=', 'DELIVERED')
    .where('remittance_orders.order_id', 'is', null)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('orders.cash_to_collect'), eb.lit(0)).as('owed'))
    .executeTakeFirstOrThrow();
  return Number(row.owed);
}

export async function recordRemittance(db: ShopDb, input: RemittanceInput, actor: StaffActor): Promise<Remittance> {
  const orderIds = [...new Set(input.orderIds)];
  if (!orderIds.length)
    throw new Problem(422, 'adminCash.remittanceEmpty', { fields: { order_ids: ['adminCash.remittanceEmpty'] } });
  const note = input.note?.trim() || null;
  try {
    const id = await db.transaction().execute(async (trx) => {
      const courier = await trx.selectFrom('couriers').select('id').where('id', '=', input.courierId).executeTakeFirst();
      if (!courier) throw new Problem(404, 'adminCash.courierNotFound');
      const orders = await trx
        .selectFrom('orders')
        .leftJoin('remittance_orders', 'remittance_orders.order_id', 'orders.id')
        .select(['orders.id', 'orders.cash_to_collect', 'remittance_orders.remittance_id'])
        .where('orders.id', 'in', orderIds)
        .where('orders.courier_id', '=', input.courierId)
        .where('orders.status', '=', 'DELIVERED')
        .where('orders.cash_to_collect', '>', 0)
        .execute();
      const found = new Set(orders.map((o) => o.id));
      const strangers = orderIds.filter((orderId) => !found.has(orderId));
      if (strangers.length)
        throw new Problem(422, 'adminCash.orderNotRemittable', {
          values: { orders: formatOrderId(strangers[0]!) },
          detail: { orders: strangers },
        });
      const remitted = orders.filter((o) => o.remittance_id !== null).map((o) => o.id);
      if (remitted.length) throw alreadyRemitted(remitted);
      const expected = orders.reduce((sum, o) => sum + o.cash_to_collect, 0);
      if (input.amount !== expected)
        throw new Problem(422, 'adminCash.amountMismatch', {
          values: {
            counted: poundsText(input.amount),
            expected: poundsText(expected),
            difference: poundsText(Math.abs(input.amount - expected)),
          },
          detail: { expected, counted: input.amount, difference: input.amount - expected },
          fields: { amount: ['adminCash.amountMismatch'] },
        });
      const owedBefore = await owedBy(trx, input.courierId);
      const { id } = await trx
        .insertInto('remittances')
        .values({ courier_id: input.courierId, amount: expected, staff_id: actor.id, note, created_at: isoNow() })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The unique order_id refuses the second of two remittances racing for the same order (caught below).
      await trx
        .insertInto('remittance_orders')
        .values(orders.map((o) => ({ remittance_id: id, order_id: o.id, amount: o.cash_to_collect })))
        .execute();
      await recordAudit(trx, actor, {
        action: 'remittance.record',
        subject: { type: 'courier', id: input.courierId },
        before: { owed: owedBefore, orders: orders.map((o) => ({ id: o.id, remitted: false })) },
        after: {
          remittance_id: id,
          amount: expected,
          owed: owedBefore - expected,
          orders: orders.map((o) => ({ id: o.id, amount: o.cash_to_collect, remitted: true })),
        },
        reason: note,
      });
      return id;
    });
    return (await listRemittances(db, { id }))[0]!;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = await db.selectFrom('remittance_orders').select('order_id').where('order_id', 'in', orderIds).execute();
    throw alreadyRemitted(taken.map((r) => r.order_id));
  }
}

/** Remittances, newest first: all, one courier's, or one. */
export async function listRemittances(
  db: ShopDb,
  filter: { courierId?: number | undefined; id?: number | undefined },
  limit = 200,
): Promise<Remittance[]> {
  let query = db
    .selectFrom('remittances')
    .innerJoin('couriers', 'couriers.id', 'remittances.courier_id')
    .leftJoin('staff', 'staff.id', 'remittances.staff_id')
    .select([
      'remittances.id',
      'remittances.courier_id',
      'couriers.name as courier_name',
      'remittances.amount',
      'remittances.note',
      'remittances.created_at',
      'remittances.staff_id',
      'staff.name as staff_name',
    ]);
  if (filter.courierId) query = query.where('remittances.courier_id', '=', filter.courierId);
  if (filter.id) query = query.where('remittances.id', '=', filter.id);
  const rows = await query.orderBy('remittances.id', 'desc').limit(limit).execute();
  if (!rows.length) return [];
  const lines = await db
    .selectFrom('remittance_orders')
    .select(['remittance_id', 'order_id', 'amount'])
    .where(
      'remittance_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('order_id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    courierId: r.courier_id,
    courierName: r.courier_name,
    amount: r.amount,
    note: r.note,
    createdAt: r.created_at,
    staff: { id: r.staff_id, name: r.staff_name ?? '' },
    orders: lines.filter((l) => l.remittance_id === r.id).map((l) => ({ id: l.order_id, amount: l.amount })),
  }));
}
