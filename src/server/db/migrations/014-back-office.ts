import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The back office (issue 22, docs/back-office.md): staff with their own sessions and second factor, an append-only
 * audit log, and the cash-on-delivery records an orders desk works with (confirmation calls, couriers and the cash
 * they remit, failed deliveries, staff notes). The whole schema of the desk lands at once so its parts can be built
 * side by side.
 */
export async function up(db: Kysely<unknown>, { engine, idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', idType, id)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // owner | operations | support | finance | content | seller (src/core/permissions/permissions.ts)
    .addColumn('role', 'text', (c) => c.notNull())
    // Null until the invitation is accepted.
    .addColumn('password_hash', 'text')
    // Base32 TOTP secret; null until the second factor is enrolled.
    .addColumn('totp_secret', 'text')
    // The last TOTP time step accepted, so a code cannot be replayed within its window.
    .addColumn('totp_last_step', 'integer')
    // invited | active | disabled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_invites')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', idType, id)
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_recovery_codes_staff_idx').on('staff_recovery_codes').column('staff_id').execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    // password (second factor still owed) | enrol (second factor being set up) | verified
    .addColumn('stage', 'text', (c) => c.notNull())
    // The TOTP secret offered during enrolment, kept server-side until a code proves the authenticator has it.
    .addColumn('pending_secret', 'text')
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType, id)
    .addColumn('staff_id', 'integer')
    .addColumn('staff_role', 'text', (c) => c.notNull())
    .addColumn('staff_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'text')
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_subject_idx').on('audit_log').columns(['subject_type', 'subject_id', 'id']).execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_staff_idx').on('audit_log').columns(['staff_id', 'id']).execute();
  // Nobody edits or deletes the audit trail, not even the application's own database user by mistake.
  if (engine === 'postgres') {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }

  // Why an order moved (a cancel reason, a failed delivery's reason, a tracking number), shown on its timeline.
  await db.schema.alterTable('order_events').addColumn('note', 'text').execute();
  await db.schema.alterTable('orders').addColumn('courier_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute();
  // Piastres the courier collects at the door (the amount due for cash on delivery, 0 when prepaid); set at hand-over.
  await db.schema
    .alterTable('orders')
    .addColumn('cash_to_collect', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_courier_idx').on('orders').columns(['courier_id', 'status']).execute();

  await db.schema
    .createTable('order_calls')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    // confirmed | no_answer | wrong_number | refused | call_back
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('call_back_at', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_calls_order_idx').on('order_calls').columns(['order_id', 'id']).execute();
  await db.schema
    .createTable('order_notes')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order_idx').on('order_notes').columns(['order_id', 'id']).execute();
  await db.schema
    .createTable('delivery_failures')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // reschedule (back to ready to ship) | return (back to the warehouse: restocked, closed)
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_failures_order_idx').on('delivery_failures').column('order_id').execute();

  await db.schema
    .createTable('couriers')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remittances')
    .addColumn('id', idType, id)
    .addColumn('courier_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remittance_orders')
    .addColumn('remittance_id', 'integer', (c) => c.notNull())
    // Unique: the cash of one order is remitted once.
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .execute();

  // Shoppers flagged for cash on delivery (e.g. after repeated refusals) are offered prepaid methods only.
  await db.schema.alterTable('users').addColumn('cod_blocked_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('cod_blocked_reason', 'text').execute();
  // Refunds paid by finance: who, and the provider's reference for a card refund.
  await db.schema.alterTable('refunds').addColumn('staff_id', 'integer').execute();
  await db.schema.alterTable('refunds').addColumn('provider_ref', 'text').execute();
}
