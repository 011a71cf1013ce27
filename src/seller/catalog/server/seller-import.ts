import type { ShopDb } from '#server/db/index.ts';
import type { ImportReport } from '#desk/catalog/catalog-csv.ts';
import { planImport } from '#desk/catalog/server/csv-import.ts';
import type { Fields } from '#desk/catalog/server/csv-row.ts';
import { publishProductChange } from '#desk/catalog/server/product-editor.ts';
import { sellerTrusted } from '#server/services/catalog/product-changes.ts';
import type { SellerProductInput } from '../seller-product-input.ts';
import { createIn, updateIn, type SellerActor } from './seller-products.ts';

/** The photo a product made by import shows until the seller uploads one (the desk's import uses the same). */
const PLACEHOLDER = '/api/media/art/bag-30-0.svg';

/** A row's columns a seller writes: badges are the shop's, and the seller is the one importing. */
function sellerFields(fields: Fields): Omit<Fields, 'badge_en' | 'badge_ar' | 'seller_id'> {
  const copy = { ...fields };
  delete copy.badge_en;
  delete copy.badge_ar;
  delete copy.seller_id;
  return copy;
}

/**
 * A seller's CSV import (issue 40): the desk's plan and dry run (src/desk/catalog/server/csv-import.ts) limited to the
 * seller's products — a row whose SKU is another seller's product, or whose `seller` names another seller, is refused —
 * then each row written through the seller's own write path, so names, descriptions and prices wait for staff like a
 * form's edit. All or nothing: one refused row and nothing is written. Badges are the shop's, not read from a seller.
 */
export async function importSellerCsv(db: ShopDb, actor: SellerActor, text: string, dryRun: boolean): Promise<ImportReport> {
  if (dryRun) return (await planImport(db, text, actor.sellerId)).report;
  const trusted = await sellerTrusted(db, actor.sellerId);
  const result = await db.transaction().execute(async (trx) => {
    const plan = await planImport(trx, text, actor.sellerId);
    if (plan.report.refused || plan.report.fileProblem) return { plan, ids: [] as number[] };
    const ids: number[] = [];
    for (const f of plan.creates.map(sellerFields)) {
      const input = {
        ...f,
        before_discount: f.before_discount ?? null,
        weight_grams: f.weight_grams ?? null,
        stock: f.stock ?? 0,
        images: [{ url: PLACEHOLDER, alt_en: f.name_en!, alt_ar: f.name_ar! }],
      } as SellerProductInput;
      ids.push((await createIn(trx, actor, input, trusted)).id);
    }
    for (const u of plan.updates) {
      await updateIn(trx, actor, u.id, sellerFields(u.set) as Partial<SellerProductInput>, trusted);
      ids.push(u.id);
    }
    return { plan, ids };
  });
  if (result.ids.length) await publishProductChange(db, result.ids);
  return { ...result.plan.report, applied: result.ids.length > 0 };
}
