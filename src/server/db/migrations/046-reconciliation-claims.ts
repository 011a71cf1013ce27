import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * A reconciliation report's run row as a lease (issue 54): `claim` names the run that holds it and `finished_at` says
 * it is over. An instance killed in the middle of a day's run left a row that no other run could take, and that day's
 * report was never built until finance asked for it again; a run not finished and not heard of for a while is now
 * taken over (src/desk/payments/server/reconciliation-report.ts). The runs already written are finished.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('payment_reconciliations').addColumn('claim', 'text').execute();
  await db.schema.alterTable('payment_reconciliations').addColumn('finished_at', 'text').execute();
  await sql`update payment_reconciliations set finished_at = ran_at`.execute(db);
}
