import { sortByName } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import type { ShopDb } from '#server/db/index.ts';
import { toInt } from '#server/db/values.ts';
import { Problem } from '#server/problem.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { forgetOutOfShop } from '#server/services/catalog/out-of-shop.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { localField } from '#i18n/localized.ts';

/** A seller as the desk lists it (issue 23). */
export interface DeskSeller {
  id: number;
  name: string;
  city: string;
  status: 'active' | 'suspended';
  products: number;
  /** Their catalog changes skip moderation (issue 40). */
  trusted: boolean;
}

/** Every seller, suspended ones included, alphabetical in the operator's language, with its number of products. */
export async function listDeskSellers(db: ShopDb, locale: Locale): Promise<DeskSeller[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('sellers').select(['id', 'name_en', 'name_ar', 'city_en', 'city_ar', 'status', 'trusted']).execute(),
    db
      .selectFrom('products')
      .select(['seller_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('seller_id')
      .execute(),
  ]);
  const productsOf = new Map(counts.map((c) => [c.seller_id, toInt(c.n)]));
  const sellers = rows.map((r) => ({
    id: r.id,
    name: localField(locale, r, 'name'),
    city: localField(locale, r, 'city'),
    status: r.status === 'suspended' ? ('suspended' as const) : ('active' as const),
    products: productsOf.get(r.id) ?? 0,
    trusted: r.trusted === 1,
  }));
  return sortByName(sellers, (s) => s.name, locale);
}

/**
 * Suspends a seller (its page and products leave the shop, nothing is deleted; a reason is required) or reinstates it,
 * audited; then a new catalog version, so every instance's listings, search and pages follow at once.
 */
export async function setSellerStatus(
  db: ShopDb,
  id: number,
  to: 'active' | 'suspended',
  reason: string | null,
  actor: StaffActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('sellers')
      .set({ status: to })
      .where('id', '=', id)
      .where('status', '!=', to)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      const exists = await trx.selectFrom('sellers').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw new Problem(404, 'adminPartners.sellerNotFound');
      return; // already so: pressing twice changes nothing
    }
    await recordAudit(trx, actor, {
      action: to === 'suspended' ? 'seller.suspend' : 'seller.reinstate',
      subject: { type: 'seller', id },
      before: { status: to === 'suspended' ? 'active' : 'suspended' },
      after: { status: to },
      reason,
    });
  });
  forgetOutOfShop(db);
  await announceCatalogChange(db, { productIds: [], urgent: true });
}
