import type { ShopDb } from '../db/index.ts';
import { isUniqueViolation, nowIso } from '../db/values.ts';

/**
 * Each inbound event is taken once (issue 37): its row in message_inbox, keyed by the provider's id, is written in
 * the transaction of what it does, so a replay (Meta's retry, a job that died after the work) does nothing twice.
 */

/** What an inbound event did. */
export type InboundOutcome =
  | 'confirmed'
  | 'cancelled'
  | 'change_address'
  | 'moved_on'
  | 'opted_out'
  | 'day_chosen'
  | 'noted'
  | 'status'
  | 'unknown'
  | 'ignored'
  | 'duplicate';

/** Records the event as taken; a unique violation (the same id again) aborts the caller's transaction. */
export async function takeOnce(
  trx: ShopDb,
  event: { id: string; kind: string; phone: string | null; orderId: number | null; outcome: InboundOutcome },
): Promise<void> {
  await trx
    .insertInto('message_inbox')
    .values({
      event_id: event.id,
      kind: event.kind,
      phone: event.phone,
      order_id: event.orderId,
      outcome: event.outcome,
      created_at: nowIso(),
    })
    .execute();
}

/** A transaction that is a duplicate when the event was taken before. */
export async function once(db: ShopDb, work: (trx: ShopDb) => Promise<InboundOutcome>): Promise<InboundOutcome> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
