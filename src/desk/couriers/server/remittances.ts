import { sql } from 'kysely';
import { formatOrderId } from '#i18n/format.ts';
import { can } from '#core/permissions/permissions.ts';
import type { Remittance } from '../cash-views.ts';
import { poundsText } from '#lib/money.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { Problem } from '#server/problem.ts';
import { isUniqueViolation } from '#server/db/values.ts';
import { recordCodReceived } from '#core/seller-ledger/server/index.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

/**
 * A remittance (issue 22, short remittances issue 33): finance counts the cash a courier hands in and records it against
 * the delivered orders it covers. Without `settleDifference` the amount counted must equal those orders' cash to the
 * piastre, or nothing is recorded. With `balance`, a shortfall stays owed by the courier (their balance) and an
 * over-count pays back what earlier short remittances left owed, never more (we keep no credit: the rest is handed
 * back); with `write_off`, finance (cash.write_off) writes a shortfall off with a reason. One transaction writes the
 * remittance, its orders and the audit record(s); the unique `remittance_orders.order_id` makes sure an order's cash is
 * remitted once even when two members of finance submit the same order at the same moment. In the same transaction
 * the sellers' ledger moves each order's goods' cash from the couriers to the marketplace (`recordCodReceived`, decision
 * 030 › Cash received), whatever the count: a shortfall stays here, the courier's debt or a written-off loss.
 */
export interface RemittanceInput {
  courierId: number;
  /** May be empty only when the remittance pays back a balance (`settleDifference: 'balance'`). */
  orderIds: readonly number[];
  /** Piastres counted. */
  amount: number;
  note?: string | undefined;
  settleDifference?: 'balance' | 'write_off' | undefined;
  writeOffReason?: string | undefined;
}

const alreadyRemitted = (orderIds: number[]) =>
  new Problem(409, 'adminCash.orderAlreadyRemitted', {
    values: { orders: formatOrderId(orderIds[0] ?? '') },
    detail: { orders: orderIds },
  });

/** What a courier still owes from short remittances (Σ orders_total − amount − written_off): never below 0. */
export async function shortfallOf(trx: ShopDb, courierId: number): Promise<number> {
  const row = await trx
    .selectFrom('remittances')
    .where('courier_id', '=', courierId)
    .select(sql<number>`coalesce(sum(orders_total - amount - written_off), 0)`.as('owed'))
    .executeTakeFirstOrThrow();
  return Number(row.owed);
}

/** The courier's cash still owed (delivered, unremitted orders, and short remittances), for the audit record. */
async function owedBy(trx: ShopDb, courierId: number): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .leftJoin('remittance_orders', 'remittance_orders.order_id', 'orders.id')
    .where('orders.courier_id', '=', courierId)
    .where('orders.status', '=', 'DELIVERED')
    .where('remittance_orders.order_id', 'is', null)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('orders.cash_to_collect'), eb.lit(0)).as('owed'))
    .executeTakeFirstOrThrow();
  return Number(row.owed) + (await shortfallOf(trx, courierId));
}

/** The chosen orders, each a delivered order of this courier with cash, none remitted yet; else the refusal. */
async function remittableOrders(trx: ShopDb, courierId: number, orderIds: number[]) {
  if (!orderIds.length) return [];
  const orders = await trx
    .selectFrom('orders')
    .leftJoin('remittance_orders', 'remittance_orders.order_id', 'orders.id')
    .select(['orders.id', 'orders.cash_to_collect', 'remittance_orders.remittance_id'])
    .where('orders.id', 'in', orderIds)
    .where('orders.courier_id', '=', courierId)
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
  return orders;
}

/** How the counted amount settles against the orders' cash: what is written off, or the refusal. */
export function settleDifference(
  input: Pick<RemittanceInput, 'amount' | 'settleDifference' | 'writeOffReason'>,
  expected: number,
  shortfall: number,
  mayWriteOff: boolean,
): { writtenOff: number; writeOffReason: string | null } {
  const difference = input.amount - expected;
  const values = { counted: poundsText(input.amount), expected: poundsText(expected) };
  if (difference === 0) return { writtenOff: 0, writeOffReason: null };
  if (!input.settleDifference)
    throw new Problem(422, 'adminCash.amountMismatch', {
      values: { ...values, difference: poundsText(Math.abs(difference)) },
      detail: { expected, counted: input.amount, difference },
      fields: { amount: ['adminCash.amountMismatch'] },
    });
  if (difference > shortfall)
    throw new Problem(422, 'adminCash.overRemittance', {
      values: { ...values, shortfall: poundsText(shortfall), difference: poundsText(difference - shortfall) },
      detail: { expected, counted: input.amount, difference, shortfall },
      fields: { amount: ['adminCash.overRemittance'] },
    });
  if (input.settleDifference === 'balance') return { writtenOff: 0, writeOffReason: null };
  if (!mayWriteOff) throw new Problem(403, 'adminCash.writeOffForbidden');
  if (difference > 0)
    throw new Problem(422, 'adminCash.writeOffNotShort', { fields: { settle_difference: ['adminCash.writeOffNotShort'] } });
  const reason = input.writeOffReason?.trim();
  if (!reason)
    throw new Problem(422, 'adminCash.writeOffReasonRequired', {
      fields: { write_off_reason: ['adminCash.writeOffReasonRequired'] },
    });
  return { writtenOff: -difference, writeOffReason: reason };
}

export async function recordRemittance(db: ShopDb, input: RemittanceInput, actor: StaffActor): Promise<Remittance> {
  const orderIds = [...new Set(input.orderIds)];
  // A remittance without orders only pays back a balance.
  if (!orderIds.length && input.settleDifference !== 'balance')
    throw new Problem(422, 'adminCash.remittanceEmpty', { fields: { order_ids: ['adminCash.remittanceEmpty'] } });
  const note = input.note?.trim() || null;
  try {
    const id = await db.transaction().execute(async (trx) => {
      // The courier's row lock (a no-op update): one remittance of a courier at a time, so two paying back the same
      // shortfall cannot both pass the check below (PostgreSQL runs transactions side by side).
      const locked = await trx
        .updateTable('couriers')
        .set((eb) => ({ active: eb.ref('active') }))
        .where('id', '=', input.courierId)
        .executeTakeFirst();
      if (!Number(locked.numUpdatedRows)) throw new Problem(404, 'adminCash.courierNotFound');
      const orders = await remittableOrders(trx, input.courierId, orderIds);
      const expected = orders.reduce((sum, o) => sum + o.cash_to_collect, 0);
      const shortfallBefore = await shortfallOf(trx, input.courierId);
      const settled = settleDifference(input, expected, shortfallBefore, can(actor.role, 'cash.write_off'));
      if (!orders.length && input.amount <= 0)
        throw new Problem(422, 'adminCash.remittanceEmpty', { fields: { order_ids: ['adminCash.remittanceEmpty'] } });
      const owedBefore = await owedBy(trx, input.courierId);
      const { id } = await trx
        .insertInto('remittances')
        .values({
          courier_id: input.courierId,
          amount: input.amount,
          orders_total: expected,
          written_off: settled.writtenOff,
          write_off_reason: settled.writeOffReason,
          staff_id: actor.id,
          note,
          created_at: isoNow(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The unique order_id refuses the second of two remittances racing for the same order (caught below).
      if (orders.length)
        await trx
          .insertInto('remittance_orders')
          .values(orders.map((o) => ({ remittance_id: id, order_id: o.id, amount: o.cash_to_collect })))
          .execute();
      await recordCodReceived(trx, { orderIds: orders.map((o) => o.id), via: `remittance:${id}` }, actor);
      const shortfall = expected - input.amount - settled.writtenOff;
      await recordAudit(trx, actor, {
        action: 'remittance.record',
        subject: { type: 'courier', id: input.courierId },
        before: { owed: owedBefore, shortfall: shortfallBefore, orders: orders.map((o) => ({ id: o.id, remitted: false })) },
        after: {
          remittance_id: id,
          amount: input.amount,
          orders_total: expected,
          // Positive: the courier still owes it; negative: paid back an earlier shortfall.
          shortfall,
          written_off: settled.writtenOff,
          owed: owedBefore - input.amount - settled.writtenOff,
          orders: orders.map((o) => ({ id: o.id, amount: o.cash_to_collect, remitted: true })),
        },
        reason: note,
      });
      if (settled.writtenOff)
        await recordAudit(trx, actor, {
          action: 'remittance.write_off',
          subject: { type: 'courier', id: input.courierId },
          before: { owed: owedBefore - input.amount },
          after: { remittance_id: id, written_off: settled.writtenOff, owed: owedBefore - input.amount - settled.writtenOff },
          reason: settled.writeOffReason,
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
      'remittances.orders_total',
      'remittances.written_off',
      'remittances.write_off_reason',
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
    ordersTotal: r.orders_total,
    writtenOff: r.written_off,
    writeOffReason: r.write_off_reason,
    shortfall: r.orders_total - r.amount - r.written_off,
    note: r.note,
    createdAt: r.created_at,
    staff: { id: r.staff_id, name: r.staff_name ?? '' },
    orders: lines.filter((l) => l.remittance_id === r.id).map((l) => ({ id: l.order_id, amount: l.amount })),
  }));
}
