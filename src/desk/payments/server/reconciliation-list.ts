import type { ShopDb } from '#server/db/index.ts';
import type { ReconciliationView } from '../reconciliation-view.ts';

/** A day's report as finance reads it: each provider's run, then its mismatches (provider, then order). */
export async function reconciliationOf(db: ShopDb, day: string): Promise<ReconciliationView> {
  const runs = await db
    .selectFrom('payment_reconciliations')
    .select(['provider', 'checked', 'mismatches', 'unreachable', 'ran_at'])
    .where('day', '=', day)
    .orderBy('provider')
    .execute();
  const mismatches = await db
    .selectFrom('payment_mismatches')
    .select([
      'id',
      'provider',
      'order_id',
      'tran_ref',
      'kind',
      'their_amount',
      'our_amount',
      'their_refunded',
      'our_refunded',
      'their_status',
      'our_status',
    ])
    .where('day', '=', day)
    .orderBy('provider')
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  return {
    day,
    runs: runs.map((r) => ({ ...r, ranAt: r.ran_at })),
    mismatches: mismatches.map((m) => ({
      id: m.id,
      provider: m.provider,
      orderId: m.order_id,
      tranRef: m.tran_ref,
      kind: m.kind,
      theirAmount: m.their_amount,
      ourAmount: m.our_amount,
      theirRefunded: m.their_refunded,
      ourRefunded: m.our_refunded,
      theirStatus: m.their_status,
      ourStatus: m.our_status,
    })),
  };
}

/** The days that have a report, newest first (the day picker). */
export async function reportedDays(db: ShopDb, limit = 30): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_reconciliations')
    .select('day')
    .distinct()
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.day);
}
