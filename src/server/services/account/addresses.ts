import type { Locale } from '#i18n/locales.ts';
import type { AddressInput } from '#lib/schemas/account.ts';
import type { AddressView } from '#lib/orders/views.ts';
import { fieldProblem, Problem } from '../../problem.ts';
import { isoNow } from '../../auth/secrets.ts';
import type { ShopDb } from '../../db/index.ts';
import { localField, localized } from '#i18n/localized.ts';

/** The address book (spec section 3). Every query is scoped by the token's user: an id from the client never grants access. */
export async function listAddresses(db: ShopDb, userId: number, locale: Locale): Promise<AddressView[]> {
  const rows = await db
    .selectFrom('addresses as a')
    .innerJoin('governorates as g', 'g.id', 'a.governorate_id')
    .select(['a.id', 'a.title', 'a.country', 'a.governorate_id', 'a.city', 'a.area', 'a.street', 'a.details', 'a.is_primary'])
    .select(['g.name_en', 'g.name_ar', 'g.delivery_fee', 'g.delivery_days'])
    .where('a.user_id', '=', userId)
    .orderBy('a.is_primary', 'desc')
    .orderBy('a.id', 'asc')
    .execute();
  return rows.map(({ name_en, name_ar, ...r }) => ({
    ...r,
    governorate: localized(locale, { en: name_en, ar: name_ar }),
    is_primary: r.is_primary === 1,
  }));
}

async function ownedOrFail(db: ShopDb, userId: number, id: number) {
  const row = await db
    .selectFrom('addresses')
    .select(['id', 'is_primary'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Someone else's address answers exactly like a missing one.
  if (!row) throw new Problem(404, 'account.addressNotFound');
  return row;
}

async function assertGovernorate(db: ShopDb, id: number) {
  const g = await db.selectFrom('governorates').select('id').where('id', '=', id).executeTakeFirst();
  if (!g) throw fieldProblem(422, 'account.unknownGovernorate', 'governorate_id');
}

async function setPrimary(trx: ShopDb, userId: number, id: number) {
  // Clear first: the unique partial index allows one primary per shopper at any moment.
  await trx.updateTable('addresses').set({ is_primary: 0 }).where('user_id', '=', userId).where('id', '!=', id).execute();
  await trx.updateTable('addresses').set({ is_primary: 1 }).where('id', '=', id).where('user_id', '=', userId).execute();
}

const fields = (input: AddressInput) => ({
  title: input.title,
  country: 'EG',
  governorate_id: input.governorate_id,
  city: input.city,
  area: input.area,
  street: input.street,
  details: input.details ?? '',
});

/** The first address is primary whatever was asked; a new primary takes the flag from the old one. */
export async function createAddress(db: ShopDb, userId: number, input: AddressInput): Promise<number> {
  await assertGovernorate(db, input.governorate_id);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
    const now = isoNow();
    const { id } = await trx
      .insertInto('addresses')
      .values({ ...fields(input), user_id: userId, is_primary: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!existing || input.is_primary) await setPrimary(trx, userId, id);
    return id;
  });
}

/** Unticking primary is ignored: exactly one address stays primary; another one must be made primary instead. */
export async function updateAddress(db: ShopDb, userId: number, id: number, input: AddressInput) {
  await assertGovernorate(db, input.governorate_id);
  await db.transaction().execute(async (trx) => {
    await ownedOrFail(trx, userId, id);
    await trx
      .updateTable('addresses')
      .set({ ...fields(input), updated_at: isoNow() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    if (input.is_primary) await setPrimary(trx, userId, id);
  });
}

export async function makePrimary(db: ShopDb, userId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    await ownedOrFail(trx, userId, id);
    await setPrimary(trx, userId, id);
  });
}

/** Deleting the primary hands the flag to the oldest remaining address. */
export async function deleteAddress(db: ShopDb, userId: number, id: number) {
  await db.transaction().execute(async (trx) => {
    const row = await ownedOrFail(trx, userId, id);
    await trx.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).execute();
    if (row.is_primary !== 1) return;
    const next = await trx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'asc')
      .executeTakeFirst();
    if (next) await setPrimary(trx, userId, next.id);
  });
}

/** The 27 governorates in the request's language, in their reference order. */
export async function listGovernorates(db: ShopDb, locale: Locale) {
  const rows = await db.selectFrom('governorates').selectAll().orderBy('position').execute();
  return rows.map((g) => ({
    id: g.id,
    code: g.code,
    name: localField(locale, g, 'name'),
    delivery_fee: g.delivery_fee,
    delivery_days: g.delivery_days,
  }));
}
