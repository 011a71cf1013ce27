import type { ShopDb } from '#server/db/index.ts';
import { nowIso } from '#server/db/values.ts';
import { Problem } from '#server/problem.ts';
import type { ProductInput } from '#lib/schemas/admin-catalog.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { checkPlace, editableProduct, publishProductChange, writeProductUpdate } from '../../catalog/server/product-editor.ts';
import { pickModerated, type Proposal } from '#server/services/catalog/product-changes.ts';
import { MODERATED_FIELDS, type ChangeKind } from '#lib/seller-catalog-changes.ts';
import type { QueueItem } from '../moderation-views.ts';

/**
 * The desk's moderation of sellers' catalog changes (issue 40, docs/sellers.md "Catalog"): the queue, oldest first,
 * each with its difference against what the shop shows now; approving writes the proposal through the catalog's
 * write path (product-editor.ts: the row, the audit record, the catalog change that reaches search and the sitemap)
 * in the same transaction as the decision and its own audit record; rejecting keeps the shop as it is.
 */
export async function moderationQueue(db: ShopDb): Promise<QueueItem[]> {
  const rows = await db
    .selectFrom('product_changes')
    .innerJoin('products', 'products.id', 'product_changes.product_id')
    .innerJoin('sellers', 'sellers.id', 'product_changes.seller_id')
    .leftJoin('seller_members', 'seller_members.id', 'product_changes.submitted_by')
    .selectAll('products')
    .select([
      'product_changes.id as change_id',
      'product_changes.kind',
      'product_changes.proposed_json',
      'product_changes.submitted_at',
      'seller_members.email as submitted_by',
      'sellers.id as seller_id',
      'sellers.name_en as seller_name_en',
      'sellers.name_ar as seller_name_ar',
    ])
    .where('product_changes.status', '=', 'pending')
    .orderBy('product_changes.id', 'asc')
    .limit(200)
    .execute();
  return rows.map((r) => {
    const proposed = JSON.parse(r.proposed_json) as Proposal;
    const live = liveFields(r);
    return {
      id: r.change_id,
      kind: r.kind as ChangeKind,
      product: { id: r.id, sku: r.sku, name_en: r.name_en, name_ar: r.name_ar },
      seller: { id: r.seller_id, name_en: r.seller_name_en, name_ar: r.seller_name_ar },
      submitted_at: r.submitted_at,
      submitted_by: r.submitted_by ?? '',
      differences: MODERATED_FIELDS.filter((f) => f in proposed).map((field) => ({
        field,
        // A new product has no "before": nobody has seen it in the shop.
        before: r.kind === 'create' ? null : live[field],
        after: proposed[field],
      })),
    };
  });
}

/** A product row's moderated fields in the proposal's shape (photos as url and both descriptions). */
function liveFields(row: { images: string; image_alts: string | null } & Record<string, unknown>): Proposal {
  const urls = JSON.parse(row.images) as string[];
  const alts = row.image_alts ? (JSON.parse(row.image_alts) as { en: string; ar: string }[]) : [];
  const images = urls.map((url, i) => ({ url, alt_en: alts[i]?.en ?? '', alt_ar: alts[i]?.ar ?? '' }));
  return { ...pickModerated(row as Proposal), images };
}

/** Approves or rejects a waiting change; a change already decided (or none) is 404. */
export async function decideChange(
  db: ShopDb,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  actor: StaffActor,
): Promise<void> {
  const productId = await db.transaction().execute(async (trx) => {
    const change = await trx
      .selectFrom('product_changes')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!change) throw new Problem(404, 'deskModeration.changeNotFound');
    // Decided once: a second click, or a colleague at the same moment, finds nothing waiting.
    const claimed = await trx
      .updateTable('product_changes')
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        decided_by: actor.id,
        decided_at: nowIso(),
        reason: decision.approve ? null : decision.reason,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new Problem(404, 'deskModeration.changeNotFound');
    const proposed = JSON.parse(change.proposed_json) as Proposal;
    if (decision.approve) {
      const current = await editableProduct(trx, change.product_id);
      if (!current) throw new Problem(404, 'deskModeration.changeNotFound');
      const { id: _id, ...kept } = current;
      void _id;
      const input = { ...kept, ...proposed, hidden: change.kind === 'create' ? false : current.hidden } as ProductInput;
      await checkPlace(trx, input);
      await writeProductUpdate(trx, change.product_id, input, actor);
    }
    await recordAudit(trx, actor, {
      action: decision.approve ? 'productChange.approve' : 'productChange.reject',
      subject: { type: 'product', id: change.product_id },
      before: JSON.parse(change.before_json),
      after: proposed,
      reason: decision.approve ? null : decision.reason,
    });
    return decision.approve ? change.product_id : null;
  });
  if (productId !== null) await publishProductChange(db, [productId]);
}

/** Marks a seller trusted (their changes skip the queue) or not; audited. */
export async function setSellerTrusted(db: ShopDb, sellerId: number, trusted: boolean, actor: StaffActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const seller = await trx.selectFrom('sellers').select('trusted').where('id', '=', sellerId).executeTakeFirst();
    if (!seller) throw new Problem(404, 'adminPartners.sellerNotFound');
    if ((seller.trusted === 1) === trusted) return;
    await trx
      .updateTable('sellers')
      .set({ trusted: trusted ? 1 : 0 })
      .where('id', '=', sellerId)
      .execute();
    await recordAudit(trx, actor, {
      action: trusted ? 'seller.trust' : 'seller.untrust',
      subject: { type: 'seller', id: sellerId },
      before: { trusted: !trusted },
      after: { trusted },
    });
  });
}
