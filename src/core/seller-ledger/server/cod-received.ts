import type { ShopDb } from '#server/db/index.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import type { StaffActor } from '../../actors/server/actors.ts';
import { toInt } from '#server/db/values.ts';
import { creditLeg, debitLeg, type LedgerAccount } from '#lib/seller-ledger/accounts.ts';
import { postTransaction } from './post.ts';

/**
 * The cash for delivered cash-on-delivery orders came in (decision 030 › Cash received): a courier's remittance names
 * the orders it covers, or a courier company's settlement reports what it collected for them. Called in the
 * remittance's or the settlement's own transaction. For each order, and each seller whose sales debited
 * `cod_with_couriers` for it, one transaction moves exactly that debit (read from the sales' own entries, so it always
 * matches) from `cod_with_couriers` to `cash_received`: the couriers no longer hold it, the marketplace does.
 *
 * Whatever the count: a short count stays the courier's debt (or the marketplace's written-off loss) on the cash desk,
 * a company's short or over report stays its flag there; the ledger only says the goods' cash left the couriers' hands.
 * The delivery fee was never in this ledger and is not here either. Per order and seller (not per order) because a
 * ledger transaction belongs to one seller; the seller's own accounts are untouched, so no seller lock is taken.
 * Written once: `cod_received:order:<id>:seller:<id>` makes a replayed settlement or a second remittance of the same
 * order post nothing. An order with no cash-on-delivery sales in the ledger posts nothing. Returns what was moved.
 */
export async function recordCodReceived(
  trx: ShopDb,
  input: { orderIds: readonly number[]; via: string },
  actor: StaffActor,
  at = new Date(),
): Promise<number> {
  const held: Awaited<ReturnType<typeof heldByCouriers>> = [];
  // In batches: a settlement file may name thousands of orders (and their lines), more than a statement may bind.
  for (let i = 0; i < input.orderIds.length; i += 200)
    held.push(...(await heldByCouriers(trx, input.orderIds.slice(i, i + 200))));
  const now = at.toISOString();
  const received = new Map<number, { amount: number; sellers: Record<number, number> }>();
  for (const row of held) {
    const amount = toInt(row.held);
    const orderId = row.order_id!;
    if (amount <= 0) continue;
    const transactionId = await postTransaction(trx, {
      kind: 'cod_received',
      sellerId: row.seller_id,
      orderId,
      sourceKey: `cod_received:order:${orderId}:seller:${row.seller_id}`,
      memo: input.via,
      staffId: actor.id,
      at: now,
      legs: [debitLeg('cash_received', null, amount), creditLeg('cod_with_couriers', null, amount)],
    });
    if (transactionId === null) continue;
    const sum = received.get(orderId) ?? { amount: 0, sellers: {} };
    sum.amount += amount;
    sum.sellers[row.seller_id] = amount;
    received.set(orderId, sum);
  }
  let total = 0;
  for (const [orderId, sum] of received) {
    total += sum.amount;
    await recordAudit(trx, actor, {
      action: 'order.cod_received',
      subject: { type: 'order', id: orderId },
      after: { received: sum.amount, sellers: sum.sellers, via: input.via },
    });
  }
  return total;
}

/**
 * Per order and seller, what the orders' sales debited to `cod_with_couriers` (their own entries). Found through the
 * sales' source keys (`sale:line:<id>`, unique and indexed) from the orders' lines, not by the transactions' order.
 */
async function heldByCouriers(trx: ShopDb, orderIds: readonly number[]) {
  const lines = await trx
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', 'in', [...orderIds])
    .execute();
  if (!lines.length) return [];
  return trx
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select([
      'ledger_transactions.order_id',
      'ledger_transactions.seller_id',
      (eb) => eb.fn.sum<number>(eb('ledger_entries.debit', '-', eb.ref('ledger_entries.credit'))).as('held'),
    ])
    .where(
      'ledger_transactions.source_key',
      'in',
      lines.map((line) => `sale:line:${line.id}`),
    )
    .where('ledger_entries.account', '=', 'cod_with_couriers' satisfies LedgerAccount)
    .groupBy(['ledger_transactions.order_id', 'ledger_transactions.seller_id'])
    .orderBy('ledger_transactions.order_id')
    .orderBy('ledger_transactions.seller_id')
    .execute();
}
