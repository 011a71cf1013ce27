import { PostgresAdapter, type Selectable } from 'kysely';
import type { ShopDb } from '../db/index.ts';
import type { OrderMessageTable } from '../db/schema.ts';

export type ClaimedMessage = Selectable<OrderMessageTable>;

/**
 * Claims up to `limit` due messages in one statement: their `claimed_until` set to `until`, so no other sender takes
 * them until it passes (a sender killed mid-send leaves its rows to another after MESSAGE_CLAIM_SECONDS). On
 * PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED: instances claiming at the same moment take different
 * rows instead of all reaching for the oldest ones and queueing behind each other's locks (the chaos run's outbox fell
 * 2,026 messages behind that way, one instance's batch at a time); the outer conditions are checked again on the row
 * as it is when locked, so a row claimed or sent meanwhile is never taken. SQLite runs one writer at a time, and the
 * one statement is atomic there. Oldest first.
 */
export async function claimDueMessages(db: ShopDb, { at, until, limit }: { at: string; until: string; limit: number }) {
  const due = db
    .selectFrom('order_messages')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('id')
    .limit(limit);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = await db
    .updateTable('order_messages')
    .set({ claimed_until: until })
    .where('id', 'in', postgres ? due.forUpdate().skipLocked() : due)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Gives a claimed row back untouched (its turn came too late in the run to be sure of the claim). */
export async function releaseClaim(db: ShopDb, row: { id: number; claimed_until: string | null }): Promise<void> {
  await db
    .updateTable('order_messages')
    .set({ claimed_until: null })
    .where('id', '=', row.id)
    .where('status', '=', 'queued')
    .where('claimed_until', '=', row.claimed_until)
    .execute();
}
