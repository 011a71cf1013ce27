import type { ShopDb } from '../../db/index.ts';
import { nowIso } from '../../db/values.ts';
import { recordAudit, type SellerAuditActor } from '#core/audit/server/audit.ts';
import { MODERATED_FIELDS, type ChangeKind, type ModeratedField } from '#lib/seller-catalog-changes.ts';

/**
 * Seller catalog changes waiting for staff (issue 40, migration 035, docs/sellers.md "Catalog"). One pending change per
 * product at most: a later proposal is merged into it (the newest value of each field wins), and a field put back to
 * the live value drops out; a change left with nothing to decide is withdrawn.
 */
export type Proposal = Partial<Record<ModeratedField, unknown>>;

/** Whether two field values are the same (photos are lists of objects). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The moderated fields of `proposed` that differ from `live`. */
export function moderatedDiff(live: Proposal, proposed: Proposal): Proposal {
  return Object.fromEntries(
    MODERATED_FIELDS.filter((k) => k in proposed && !sameValue(live[k], proposed[k])).map((k) => [k, proposed[k]]),
  );
}

export const pickModerated = (row: Proposal): Proposal => Object.fromEntries(MODERATED_FIELDS.map((k) => [k, row[k]]));

/** Whether the seller trusts are given: their changes skip the queue. */
export async function sellerTrusted(db: ShopDb, sellerId: number): Promise<boolean> {
  const row = await db.selectFrom('sellers').select('trusted').where('id', '=', sellerId).executeTakeFirst();
  return row?.trusted === 1;
}

/** The product's change that is not decided yet (or, for a product never approved, its rejected creation). */
export async function openChange(trx: ShopDb, productId: number) {
  return trx
    .selectFrom('product_changes')
    .selectAll()
    .where('product_id', '=', productId)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('kind', '=', 'create'), eb('status', '=', 'rejected')])]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Queues a seller's proposal for a product (inside the caller's transaction, audited there). `live` is the product's
 * moderated fields as the shop shows them; a creation proposes the whole product (its row stays hidden meanwhile).
 */
export async function queueChange(
  trx: ShopDb,
  actor: SellerAuditActor & { id: number; sellerId: number },
  productId: number,
  kind: ChangeKind,
  live: Proposal,
  proposed: Proposal,
): Promise<void> {
  const open = await openChange(trx, productId);
  const now = nowIso();
  if (open) {
    // A creation is re-proposed whole; an edit merges the newest values into what was waiting.
    const merged = open.kind === 'create' ? proposed : moderatedDiff(live, { ...JSON.parse(open.proposed_json), ...proposed });
    const empty = Object.keys(merged).length === 0;
    await trx
      .updateTable('product_changes')
      .set({
        proposed_json: JSON.stringify(merged),
        before_json: JSON.stringify(open.kind === 'create' ? {} : pickKeys(live, merged)),
        status: empty ? 'withdrawn' : 'pending',
        reason: null,
        submitted_by: actor.id,
        submitted_at: now,
      })
      .where('id', '=', open.id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'productChange.propose',
      subject: { type: 'product', id: productId },
      after: merged,
    });
    return;
  }
  const diff = kind === 'create' ? proposed : moderatedDiff(live, proposed);
  if (!Object.keys(diff).length) return;
  await trx
    .insertInto('product_changes')
    .values({
      product_id: productId,
      seller_id: actor.sellerId,
      kind,
      status: 'pending',
      before_json: JSON.stringify(kind === 'create' ? {} : pickKeys(live, diff)),
      proposed_json: JSON.stringify(diff),
      submitted_by: actor.id,
      submitted_at: now,
    })
    .execute();
  await recordAudit(trx, actor, { action: 'productChange.propose', subject: { type: 'product', id: productId }, after: diff });
}

const pickKeys = (row: Proposal, keys: Proposal): Proposal =>
  Object.fromEntries(Object.keys(keys).map((k) => [k, row[k as ModeratedField]]));
