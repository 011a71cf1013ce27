import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The sellers' money (issue 40, decision 030, docs/sellers.md › Money): commission rules, the commission lines written
 * per delivered order line, a double-entry ledger (transactions and their entries, append-only), the payouts finance
 * records and each seller's finance row (payouts suspended, and the row every money write for the seller locks).
 */
export async function up(untyped: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the tables as they were then
  const db = untyped as Kysely<any>;
  await db.schema
    .createTable('commission_rules')
    .addColumn('id', ctx.idType, ctx.id)
    // 'marketplace', 'category:3', 'seller:5', 'seller:5:category:3': one rule per scope.
    .addColumn('scope', 'text', (c) => c.notNull().unique())
    .addColumn('seller_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rate_bp', 'integer')
    .addColumn('min_fee', 'integer')
    .addColumn('max_fee', 'integer')
    .addColumn('flat_fee', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('commission_rules')
    .values({ scope: 'marketplace', kind: 'percent', rate_bp: 1000, updated_at: new Date(0).toISOString() })
    .execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', ctx.idType, ctx.id)
    // sale | reversal | release | payout | adjustment
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    // What the transaction is for, once: 'sale:line:12', 'release:line:12', 'payout:<key>', … (a repeat is refused).
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    .addColumn('memo', 'text')
    .addColumn('staff_id', 'integer')
    // A sale's share leaves pending for available at this instant (delivery + the return window).
    .addColumn('available_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_transactions_due').on('ledger_transactions').columns(['kind', 'available_at']).execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', ctx.idType, ctx.id)
    .addColumn('transaction_id', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'integer')
    .addColumn('debit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A seller's statement and balances: by seller and time (keyset on id), covering what the sums and lines read, so
  // an opening balance over 100,000 lines never visits the table (docs/benchmarks.md).
  await db.schema
    .createIndex('ledger_entries_seller')
    .on('ledger_entries')
    .columns(['seller_id', 'created_at', 'id', 'account', 'debit', 'credit'])
    .execute();
  await db.schema.createIndex('ledger_entries_transaction').on('ledger_entries').column('transaction_id').execute();

  await db.schema
    .createTable('seller_commission_lines')
    .addColumn('id', ctx.idType, ctx.id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_line_id', 'integer', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    // sale (at delivery) | reversal (a return or refund after it): written once each, never edited.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('gross', 'integer', (c) => c.notNull())
    .addColumn('commission', 'integer', (c) => c.notNull())
    .addColumn('seller_share', 'integer', (c) => c.notNull())
    .addColumn('rule_scope', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('seller_commission_lines_once')
    .on('seller_commission_lines')
    .columns(['order_line_id', 'kind'])
    .unique()
    .execute();
  await db.schema
    .createIndex('seller_commission_lines_seller')
    .on('seller_commission_lines')
    .columns(['seller_id', 'id'])
    .execute();

  await db.schema
    .createTable('seller_payouts')
    .addColumn('id', ctx.idType, ctx.id)
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    // bank_transfer | instapay | wallet
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seller_payouts_seller').on('seller_payouts').columns(['seller_id', 'id']).execute();

  await db.schema
    .createTable('seller_finance')
    .addColumn('seller_id', 'integer', (c) => c.primaryKey())
    .addColumn('payouts_suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suspend_reason', 'text')
    // Bumped by every money write for the seller: the row lock that puts them one after another (PostgreSQL).
    .addColumn('writes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The ledger and the commission lines are append-only, like the audit log (migration 014).
  for (const table of ['ledger_entries', 'ledger_transactions', 'seller_commission_lines']) await appendOnly(db, ctx, table);
}

async function appendOnly(db: Kysely<unknown>, ctx: MigrationContext, table: string): Promise<void> {
  const name = sql.raw(table);
  if (ctx.engine === 'postgres') {
    await sql`CREATE FUNCTION ${sql.raw(`${table}_append_only`)}() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION '${sql.raw(table)} is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_no_change`)} BEFORE UPDATE OR DELETE ON ${name}
      FOR EACH ROW EXECUTE FUNCTION ${sql.raw(`${table}_append_only`)}()`.execute(db);
  } else {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_no_update`)} BEFORE UPDATE ON ${name}
      BEGIN SELECT RAISE(ABORT, '${sql.raw(table)} is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_no_delete`)} BEFORE DELETE ON ${name}
      BEGIN SELECT RAISE(ABORT, '${sql.raw(table)} is append-only'); END`.execute(db);
  }
}
