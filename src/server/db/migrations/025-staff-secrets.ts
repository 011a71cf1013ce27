import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { isSealed, keyedHash, sealSecret, TOTP_PURPOSE } from '../../auth/secret-box.ts';

/**
 * Staff secrets at rest (issue 34):
 * - every TOTP secret is encrypted (AES-256-GCM under STAFF_SECRET_KEY, src/server/auth/secret-box.ts);
 * - every recovery code's unsalted SHA-256 becomes an HMAC of it with a salt of its own, so existing codes keep working
 *   and the table no longer gives them away to a brute force;
 * - staff sessions gain a public id (to list and end one without its token hash leaving the server) and the device
 *   that opened it. Open sessions end: they may hold a secret being enrolled in the clear, and a new cookie name
 *   (`__Host-bb_staff` over https) replaces the old one anyway. Everyone signs in again once.
 */
export async function up(untyped: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the tables as they were then
  const db = untyped as Kysely<any>;
  await db.deleteFrom('staff_sessions').execute();
  await db.schema.alterTable('staff_sessions').addColumn('public_id', 'text').execute();
  await db.schema.alterTable('staff_sessions').addColumn('user_agent', 'text').execute();
  await db.schema.createIndex('staff_sessions_public_idx').on('staff_sessions').column('public_id').unique().execute();
  const staff = (await db.selectFrom('staff').select(['id', 'totp_secret']).where('totp_secret', 'is not', null).execute()) as {
    id: number;
    totp_secret: string;
  }[];
  for (const row of staff)
    if (!isSealed(row.totp_secret))
      await db
        .updateTable('staff')
        .set({ totp_secret: sealSecret(row.totp_secret, TOTP_PURPOSE) })
        .where('id', '=', row.id)
        .execute();
  const codes = (await db.selectFrom('staff_recovery_codes').select(['id', 'code_hash']).execute()) as {
    id: number;
    code_hash: string;
  }[];
  for (const row of codes)
    if (!row.code_hash.startsWith('h1.'))
      await db
        .updateTable('staff_recovery_codes')
        .set({ code_hash: keyedHash(row.code_hash) })
        .where('id', '=', row.id)
        .execute();
}
