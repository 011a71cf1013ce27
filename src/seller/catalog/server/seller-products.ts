import type { ShopDb } from '#server/db/index.ts';
import type { ProductInput } from '#lib/schemas/admin-catalog.ts';
import { Problem } from '#server/problem.ts';
import type { SellerAuditActor } from '#core/audit/server/audit.ts';
import {
  checkPlace,
  editableProduct,
  insertProduct,
  publishProductChange,
  writeProductUpdate,
} from '#desk/catalog/server/product-editor.ts';
import type { ProductEditView } from '#desk/catalog/catalog-views.ts';
import {
  moderatedDiff,
  openChange,
  pickModerated,
  queueChange,
  sellerTrusted,
  type Proposal,
} from '#server/services/catalog/product-changes.ts';
import { MODERATED_FIELDS } from '#lib/seller-catalog-changes.ts';
import type { SellerProductInput } from '../seller-product-input.ts';

/**
 * A seller's products (issue 40, docs/sellers.md "Catalog"), through the desk's write path (product-editor.ts: the
 * row, its stock movement, its audit record, the catalog change). Every read and write is scoped to the seller: another
 * seller's product is not found. Names, descriptions, photos and prices of a live product wait for staff unless the
 * seller is trusted; a new product is written hidden and shown when staff approve it.
 */
export type SellerActor = SellerAuditActor & { id: number; sellerId: number };

const notFound = () => new Problem(404, 'sellerCatalog.productNotFound');

/** The seller's product, for editing; null when it is not theirs (or does not exist). */
export const sellerProduct = (db: ShopDb, sellerId: number, id: number): Promise<ProductEditView | null> =>
  editableProduct(db, id, sellerId);

/** What only staff set, kept as the product has it (or empty for a new one). */
const staffColumns = (current: ProductEditView | null) => ({
  badge_en: current?.badge_en ?? null,
  badge_ar: current?.badge_ar ?? null,
  variant_group: current?.variant_group ?? null,
  variant_label_en: current?.variant_label_en ?? null,
  variant_label_ar: current?.variant_label_ar ?? null,
});

/** Creates the seller's product: shown at once for a trusted seller, otherwise hidden until staff approve it. */
export async function createSellerProduct(db: ShopDb, actor: SellerActor, input: SellerProductInput): Promise<{ id: number }> {
  const trusted = await sellerTrusted(db, actor.sellerId);
  const created = await db.transaction().execute((trx) => createIn(trx, actor, input, trusted));
  if (trusted) await publishProductChange(db, [created.id]);
  return created;
}

/** A seller's new product inside the caller's transaction (the form, or a row of the import). */
export async function createIn(trx: ShopDb, actor: SellerActor, input: SellerProductInput, trusted: boolean) {
  const full: ProductInput = { ...input, ...staffColumns(null), seller_id: actor.sellerId, hidden: !trusted };
  await checkPlace(trx, full);
  const row = await insertProduct(trx, full, actor);
  if (!trusted) await queueChange(trx, actor, row.id, 'create', {}, pickModerated(full));
  return row;
}

/**
 * Saves the seller's product. Stock and the other columns apply at once; the moderated fields of a live product are
 * queued (unless trusted). A product never approved is hidden, so its fields are written and its creation proposed
 * again (a rejected one goes back to the queue).
 */
export async function updateSellerProduct(
  db: ShopDb,
  actor: SellerActor,
  id: number,
  input: Partial<SellerProductInput>,
): Promise<void> {
  const trusted = await sellerTrusted(db, actor.sellerId);
  await db.transaction().execute((trx) => updateIn(trx, actor, id, input, trusted));
  await publishProductChange(db, [id]);
}

/** A seller's change to their product inside the caller's transaction (the form, or a row of the import). */
export async function updateIn(
  trx: ShopDb,
  actor: SellerActor,
  id: number,
  input: Partial<SellerProductInput>,
  trusted: boolean,
): Promise<void> {
  const current = await editableProduct(trx, id, actor.sellerId);
  if (!current) throw notFound();
  const { id: _id, ...kept } = current;
  void _id;
  const open = await openChange(trx, id);
  const unpublished = open?.kind === 'create';
  const proposed: ProductInput = { ...kept, ...input, ...staffColumns(current), seller_id: actor.sellerId };
  await checkPlace(trx, proposed);
  if (trusted || unpublished) {
    await writeProductUpdate(trx, id, proposed, actor);
    if (unpublished && !trusted) await queueChange(trx, actor, id, 'create', {}, pickModerated(proposed));
    return;
  }
  const live = pickModerated(current as Proposal);
  const now: ProductInput = { ...proposed, ...(live as Partial<ProductInput>) };
  await writeProductUpdate(trx, id, now, actor);
  await queueChange(trx, actor, id, 'edit', live, moderatedDiff(live, pickProvided(input)));
}

/** The moderated fields the seller sent (a CSV row sends only some). */
const pickProvided = (input: Partial<SellerProductInput>): Proposal =>
  Object.fromEntries(MODERATED_FIELDS.filter((k) => k in input).map((k) => [k, input[k]]));
