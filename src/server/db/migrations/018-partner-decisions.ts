import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Partner applications decided in the desk (issue 23, docs/back-office.md "Partners"): who decided, when, why (a
 * rejection's reason, sent to the applicant) and the seller an approval created. The desk lists applications by
 * status, newest first.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('partner_applications').addColumn('decided_at', 'text').execute();
  await db.schema.alterTable('partner_applications').addColumn('decided_by', 'integer').execute();
  await db.schema.alterTable('partner_applications').addColumn('decision_reason', 'text').execute();
  await db.schema.alterTable('partner_applications').addColumn('seller_id', 'integer').execute();
  await db.schema.createIndex('partner_applications_status_idx').on('partner_applications').columns(['status', 'id']).execute();
}
