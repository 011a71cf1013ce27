import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The kiosk method's Arabic name in the glossary's words (issue 51: cash is «نقدًا», «كاش» only inside a wallet's own
 * name). Migration 028 wrote «كاش في فوري أو أمان أو مصاري (كود دفع)»; methods are data an operator may rename, so only
 * the name as 028 wrote it is changed.
 */
export const KIOSK_NAME_AR = 'الدفع نقدًا في فوري أو أمان أو مصاري (كود دفع)';
const WRITTEN_BY_028 = 'كاش في فوري أو أمان أو مصاري (كود دفع)';

export async function up(untyped: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the tables as they were then
  const db = untyped as Kysely<any>;
  await db
    .updateTable('payment_methods')
    .set({ name_ar: KIOSK_NAME_AR })
    .where('code', '=', 'kiosk')
    .where('name_ar', '=', WRITTEN_BY_028)
    .execute();
}
