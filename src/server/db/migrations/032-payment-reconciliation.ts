import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The daily reconciliation report (issue 39, docs/payments.md): each provider's own record of the shop's payments of
 * a Cairo day compared with ours, kept so finance sees yesterday's and the days before.
 * - `payment_reconciliations`: one row per day and provider, the claim of the run (unique, so two instances build a
 *   day once) and its counts: payments asked about, mismatches found, payments the provider could not be asked about.
 * - `payment_mismatches`: one row per mismatch found that day: `kind` is `paid_there` (paid at the provider, not here),
 *   `refunded_there` (given back there, not here), `amount_differs`, or `not_paid_there` (paid here, not there);
 *   amounts in piastres as each side has them.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('payment_reconciliations')
    .addColumn('id', idType, id)
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mismatches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unreachable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_reconciliations_day_idx')
    .on('payment_reconciliations')
    .columns(['day', 'provider'])
    .unique()
    .execute();
  await db.schema
    .createTable('payment_mismatches')
    .addColumn('id', idType, id)
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('tran_ref', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('their_amount', 'integer')
    .addColumn('our_amount', 'integer')
    .addColumn('their_refunded', 'integer')
    .addColumn('our_refunded', 'integer')
    .addColumn('their_status', 'text', (c) => c.notNull())
    .addColumn('our_status', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_mismatches_day_idx').on('payment_mismatches').columns(['day', 'provider']).execute();
}
