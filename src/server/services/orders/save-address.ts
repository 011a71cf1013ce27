import type { ShopDb } from '../../db/index.ts';
import type { AddressSnapshot, OrderChoice } from './pricing.ts';
import { nowIso, toInt } from '../../db/values.ts';

/**
 * An address typed in at checkout joins the shopper's address book (primary when it is their first), so the next
 * checkout can pick it. Runs inside the order's transaction.
 */
export async function saveInlineAddress(trx: ShopDb, userId: number, choice: OrderChoice): Promise<AddressSnapshot> {
  const a = choice.address!;
  const existing = await trx
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const now = nowIso();
  const row = await trx
    .insertInto('addresses')
    .values({
      user_id: userId,
      title: a.title,
      governorate_id: a.governorate_id,
      city: a.city,
      area: a.area,
      street: a.street,
      details: a.details ?? '',
      is_primary: toInt(existing?.n) === 0 ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'title', 'country', 'city', 'area', 'street', 'details'])
    .executeTakeFirstOrThrow();
  return {
    address_id: row.id,
    title: row.title,
    country: row.country,
    city: row.city,
    area: row.area,
    street: row.street,
    details: row.details,
  };
}
