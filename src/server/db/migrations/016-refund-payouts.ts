import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Issue 22, refunds paid by finance (docs/back-office-money.md). A refund row is claimed (`status = 'paying'`,
 * `claimed_at`) before the provider is asked, so two staff paying it at once pay it once. A partial payment splits
 * the row: the paid part becomes its own row (`split_from` names the owed row it came from, which keeps the payment
 * and the remainder), so "money in = refunded + kept" still holds and the one-refund-per-payment index stays.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('refunds').addColumn('split_from', 'integer').execute();
  await db.schema.alterTable('refunds').addColumn('claimed_at', 'text').execute();
}
