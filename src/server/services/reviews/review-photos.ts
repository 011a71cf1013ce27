import { MAX_UPLOAD_BYTES } from '#lib/uploads.ts';
import { REVIEW_LIMITS } from '#lib/schemas/reviews.ts';
import type { ReviewPhoto } from '#lib/reviews/review-views.ts';
import type { ShopDb } from '../../db/index.ts';
import { nowIso } from '../../db/values.ts';
import { processReviewPhoto, removeReviewPhotos, reviewPhotoId } from '../../media/product-images.ts';
import { Problem } from '../../problem.ts';
import { announceReviewChange } from './announce.ts';
import { deliveredLine } from './eligibility.ts';
import { lockProduct, refreshProductRating } from './summary.ts';
import { bareUrl } from './photo-links.ts';

/** A review row's photos (JSON in `reviews.photos`, migration 039); anything unreadable is none. */
export function photosOf(stored: string | null | undefined): ReviewPhoto[] {
  if (!stored) return [];
  try {
    const list = JSON.parse(stored) as unknown;
    return Array.isArray(list)
      ? list.filter(
          (p): p is ReviewPhoto => typeof p?.url === 'string' && typeof p?.width === 'number' && typeof p?.height === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

/** Refuses what cannot be a review's photo before anything is decoded: none, too large. */
function checkSize(file: File): void {
  if (file.size === 0) throw new Problem(422, 'reviews.noPhoto');
  if (file.size > MAX_UPLOAD_BYTES) throw new Problem(413, 'reviews.photoTooLarge');
}

/**
 * Adds photos to the shopper's review of a product (issue 52): up to REVIEW_LIMITS.photos in all, each at most 5 MB
 * and read by its content as a photo (JPEG, PNG, WebP, AVIF) through the product image pipeline, which makes its
 * variants once and names them by their hash, private in the review's own folder (src/server/media/product-images.ts,
 * served by src/server/api/review-photo-routes.ts). The review then waits for the desk, as a text does (its photos are
 * shown to others only once it is approved); the product's summary follows in the same transaction. Refusals: no review yet (409), too many (422), too large (413), not a photo (415).
 */
export async function addReviewPhotos(
  db: ShopDb,
  { userId, productId, files }: { userId: number; productId: number; files: File[] },
): Promise<void> {
  if (!files.length) throw new Problem(422, 'reviews.noPhoto');
  const tooMany = () => new Problem(422, 'reviews.tooManyPhotos', { values: { max: String(REVIEW_LIMITS.photos) } });
  if (files.length > REVIEW_LIMITS.photos) throw tooMany();
  files.forEach(checkSize);
  const current = await db
    .selectFrom('reviews')
    .select(['id', 'photos'])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!current) throw new Problem(409, 'reviews.rateFirst');
  if (photosOf(current.photos).length + files.length > REVIEW_LIMITS.photos) throw tooMany();
  if ((await deliveredLine(db, userId, productId)) === null) throw new Problem(403, 'reviews.notReceived');
  const added: ReviewPhoto[] = [];
  for (const file of files) {
    const image = await processReviewPhoto(new Uint8Array(await file.arrayBuffer()), current.id);
    if (!image) {
      await dropUnlisted(current.id, added);
      throw new Problem(415, 'reviews.photoType');
    }
    added.push(image);
  }
  const wasApproved = await db.transaction().execute(async (trx) => {
    await lockProduct(trx, productId);
    // Read again under the lock: two uploads at once never make a fourth photo.
    const row = await trx.selectFrom('reviews').select(['status', 'photos']).where('id', '=', current.id).executeTakeFirst();
    if (!row) throw new Problem(409, 'reviews.rateFirst');
    const photos = [...photosOf(row.photos), ...added];
    if (photos.length > REVIEW_LIMITS.photos) {
      await dropUnlisted(current.id, added, row.photos);
      throw tooMany();
    }
    await trx
      .updateTable('reviews')
      .set({ photos: JSON.stringify(photos), status: 'pending', reason: null, updated_at: nowIso() })
      .where('id', '=', current.id)
      .execute();
    await refreshProductRating(trx, productId);
    return row.status === 'approved';
  });
  if (wasApproved) await announceReviewChange(db, productId);
}

/** Removes photos just stored that the review does not list (a refused upload), so none stay in its folder. */
async function dropUnlisted(reviewId: number, added: ReviewPhoto[], listed: string | null = null) {
  const keep = new Set(photosOf(listed).map((p) => reviewPhotoId(p.url)));
  const ids = added.map((p) => reviewPhotoId(p.url)).filter((id): id is string => id !== null && !keep.has(id));
  if (ids.length) await removeReviewPhotos(reviewId, ids);
}

/**
 * The photos an edit keeps: those of `kept` (URLs, as the author was given them: signed links count by their bare URL)
 * the review has, in its order; all when `kept` is left out.
 */
export function keptPhotos(photos: ReviewPhoto[], kept: readonly string[] | undefined): ReviewPhoto[] {
  if (kept === undefined) return photos;
  const bare = kept.map(bareUrl);
  return photos.filter((p) => bare.includes(p.url));
}

/** The photo ids (`<24 hex>`) of `before` that `after` no longer has: an edit's to remove from the store. */
export const droppedPhotoIds = (before: ReviewPhoto[], after: ReviewPhoto[]): string[] =>
  before
    .filter((p) => !after.some((q) => q.url === p.url))
    .map((p) => reviewPhotoId(p.url))
    .filter((id): id is string => id !== null);
