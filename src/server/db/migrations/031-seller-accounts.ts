import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Seller accounts (issue 40, decision 031): the people who work for a seller sign in to the seller portal with their own
 * identities, apart from the staff and from shoppers. The four tables have the staff's shapes (migration 014, 025) so
 * one sign-in machinery (src/core/second-factor/server/sign-in/) serves both; `member_id` names the member where staff say
 * `staff_id`. The audit log learns a second kind of actor: a seller member, with the seller they act for.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('seller_members')
    .addColumn('id', idType, id)
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    // One person, one seller: the e-mail is what they sign in with, so it names one member.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // owner | catalog | orders | finance (src/core/permissions/seller-permissions.ts)
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    // Sealed like staff.totp_secret (src/server/auth/secret-box.ts); null until enrolled.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_last_step', 'integer')
    // invited | active | disabled
    .addColumn('status', 'text', (c) => c.notNull())
    // The seller member who invited them; null when staff did (approving the partner application).
    .addColumn('invited_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seller_members_seller_idx').on('seller_members').columns(['seller_id', 'id']).execute();
  await db.schema
    .createTable('seller_invites')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('seller_recovery_codes')
    .addColumn('id', idType, id)
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('seller_recovery_codes_member_idx').on('seller_recovery_codes').column('member_id').execute();
  await db.schema
    .createTable('seller_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('pending_secret', 'text')
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_agent', 'text')
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seller_sessions_member_idx').on('seller_sessions').column('member_id').execute();
  // A seller member's write: staff_id stays null, staff_role reads `seller:<role>`, staff_email the member's e-mail.
  await db.schema.alterTable('audit_log').addColumn('seller_id', 'integer').execute();
  await db.schema.alterTable('audit_log').addColumn('seller_member_id', 'integer').execute();
  await db.schema.createIndex('audit_log_seller_idx').on('audit_log').columns(['seller_id', 'id']).execute();
}
