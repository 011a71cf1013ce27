import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * What logging in needs besides the users table (issue 9): one-time codes, the SMS log (the dev outbox),
 * refresh-token families (rotation and reuse detection) and failed-login counts (brute-force limit across
 * instances). Secrets are stored as SHA-256 hashes only.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('otp_codes')
    .addColumn('id', idType, id)
    // 'signup' | 'reset' | 'phone_change'
    .addColumn('purpose', 'text', (c) => c.notNull())
    // E.164: where the code was sent.
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    // Whether the last SMS for this code left; a failed send may be retried without waiting.
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('otp_codes_phone_idx').on('otp_codes').columns(['phone', 'purpose']).execute();
  await db.schema
    .createTable('sms_messages')
    .addColumn('id', idType, id)
    .addColumn('phone', 'text', (c) => c.notNull())
    // The text itself is kept only by the development outbox; real providers store ''.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    // 'sent' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // One family per login; every rotation stays in it, so a reused token can revoke them all.
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    // The token that replaced this one (grace-window recovery of a lost refresh answer).
    .addColumn('replaced_by', 'integer')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('id', idType, id)
    // 'account' (lowercased e-mail or E.164 phone as typed) | 'ip'
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_subject_idx')
    .on('login_failures')
    .columns(['scope', 'subject', 'created_at'])
    .execute();
}
