import type { Locale } from '#i18n/locales.ts';
import { localField } from '#i18n/localized.ts';
import type { ShopDb } from '#server/db/index.ts';
import { balancesOf, sellerBalances, sellerPayouts } from '#core/seller-ledger/server/index.ts';
import { serverConfig } from '#server/config.ts';
import type { SellerBalances } from '#lib/seller-ledger/statement-view.ts';

export interface DeskSellerBalance extends SellerBalances {
  name: string;
}

/** Every seller with its balances, by name (the desk's list: a few hundred sellers at most). */
export async function deskSellerBalances(db: ShopDb, locale: Locale): Promise<DeskSellerBalance[]> {
  const sellers = await db.selectFrom('sellers').select(['id', 'name_en', 'name_ar']).orderBy('id').execute();
  const balances = await balancesOf(
    db,
    sellers.map((s) => s.id),
  );
  return sellers.map((s) => ({ ...balances.get(s.id)!, name: localField(locale, s, 'name') }));
}

/** One seller's name in the reader's language, or null when there is no such seller. */
export async function sellerName(db: ShopDb, sellerId: number, locale: Locale): Promise<string | null> {
  const row = await db.selectFrom('sellers').select(['name_en', 'name_ar']).where('id', '=', sellerId).executeTakeFirst();
  return row ? localField(locale, row, 'name') : null;
}

/** What a seller's money page draws: the seller, balances, why payouts are suspended, the latest payouts. */
export async function deskSellerMoney(db: ShopDb, sellerId: number, locale: Locale) {
  const name = await sellerName(db, sellerId, locale);
  if (name === null) return null;
  const finance = await db
    .selectFrom('seller_finance')
    .select('suspend_reason')
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  return {
    seller: { id: sellerId, name },
    balances: await sellerBalances(db, sellerId),
    suspendReason: finance?.suspend_reason ?? null,
    payouts: (await sellerPayouts(db, sellerId)).payouts,
    returnWindowDays: serverConfig().sellerReturnWindowDays,
  };
}
