import type { ShopDb } from '../db/index.ts';
import { isoNow } from '../auth/secrets.ts';
import { isUniqueViolation } from '../db/values.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { COMPANY_NAMES } from './companies.ts';
import type { CourierCompanyName } from './courier-company.ts';

/**
 * The couriers row an API company stands on (created on its first hand-over): its orders, cash and remittances are
 * counted with every courier's (docs/back-office-cash.md). Two first hand-overs at once: the unique `company` keeps
 * one row and the second reads it.
 */
export async function companyCourierId(db: ShopDb, company: CourierCompanyName, actor: StaffActor): Promise<number> {
  const existing = await db.selectFrom('couriers').select('id').where('company', '=', company).executeTakeFirst();
  if (existing) return existing.id;
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('couriers')
        .values({ name: COMPANY_NAMES[company], phone: '', company, active: 1, created_at: isoNow() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: 'courier.create', subject: { type: 'courier', id: row.id }, after: { company } });
      return row.id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await db.selectFrom('couriers').select('id').where('company', '=', company).executeTakeFirstOrThrow();
    return row.id;
  }
}
