import { Hono } from 'hono';
import type { Context } from 'hono';
import { STAFF_REALM, readStaffSession } from '#core/actors/server/staff-sessions.ts';
import { can } from '#core/permissions/permissions.ts';
import { reviewPhotoFile, reviewPhotoId } from '../media/product-images.ts';
import { photosOf } from '../services/reviews/review-photos.ts';
import { photoSignatureValid } from '../services/reviews/photo-links.ts';
import { Problem } from '../problem.ts';
import { uploadStore } from '../uploads/upload-store.ts';
import type { ApiEnv } from './context.ts';
import { documented, media, refused, retryLater } from './openapi/describe.ts';
import { signedInShopper } from './require-user.ts';
import { realmCookie } from './two-factor-cookie.ts';

const staffToken = realmCookie(STAFF_REALM).token;

/** A member of the desk whose role moderates reviews (the staff cookie, as the desk's routes read it). */
async function moderator(c: Context<ApiEnv>): Promise<boolean> {
  if (!staffToken(c)) return false;
  const session = await readStaffSession(c.get('db'), staffToken(c));
  return session?.stage === 'verified' && can(session.staff.role, 'reviews.moderate');
}

/**
 * Whether the reader may see a photo of a review that is not approved (pending or rejected): its author (a link they
 * were given, signed and expiring, since an <img> sends no bearer token; or their token) or a moderator.
 */
async function mayPreview(c: Context<ApiEnv>, review: { id: number; user_id: number }, photo: string): Promise<boolean> {
  if (photoSignatureValid(review.id, photo, c.req.query('exp'), c.req.query('sig'))) return true;
  if ((await signedInShopper(c))?.userId === review.user_id) return true;
  return moderator(c);
}

/**
 * A review's photo (issue 52): /api/reviews/{id}/photos/{hash}-{width}.{avif|webp}, from the review's private folder
 * in the store of uploads. Anyone sees the photos of an approved review; those of a review waiting for the desk or
 * rejected only its author and the desk's moderators; a deleted review's are gone with it. Everyone else reads 404,
 * as for a photo that never was. An approved review's photo is revalidated at each use (`no-cache`, its name as the
 * ETag), so a review the desk later rejects (or its author deletes) stops being shown at once, even from a cache.
 */
export const reviewPhotoRoutes = new Hono<ApiEnv>().get(
  '/reviews/:id/photos/:file',
  documented({
    summary: "A review's photo: `{hash}-{width}.{avif|webp}` (an approved review's for anyone; else its author's and the desk's)",
    tags: ['Reviews'],
    security: 'optionalBearer',
    responses: {
      200: media('The photo.', 'image/*'),
      304: { description: 'Unchanged since the ETag sent (`If-None-Match`): no body.' },
      404: refused('No such photo, or not the reader’s to see (a review waiting for the desk, rejected or deleted).'),
      503: retryLater('The store of uploads cannot be reached.'),
    },
  }),
  async (c) => {
    const id = Number(c.req.param('id'));
    const name = c.req.param('file');
    const file = Number.isSafeInteger(id) && id > 0 ? reviewPhotoFile(id, name) : null;
    if (!file) throw new Problem(404, 'api.notFound');
    const review = await c
      .get('db')
      .selectFrom('reviews')
      .select(['id', 'user_id', 'status', 'photos'])
      .where('id', '=', id)
      .executeTakeFirst();
    const listed = review ? photosOf(review.photos).some((p) => reviewPhotoId(p.url) === file.photo) : false;
    if (!review || !listed) throw new Problem(404, 'api.notFound');
    const open = review.status === 'approved';
    if (!open && !(await mayPreview(c, review, file.photo))) throw new Problem(404, 'api.notFound');
    const etag = `"${name}"`;
    const headers = {
      'content-type': file.type,
      'x-content-type-options': 'nosniff',
      'cache-control': open ? 'public, no-cache' : 'private, no-store',
      ...(open ? { etag } : { 'x-robots-tag': 'noindex' }),
    };
    if (open && c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    const object = await uploadStore().get(file.key);
    if (!object) throw new Problem(404, 'api.notFound');
    return c.body(object.body, 200, { ...headers, 'content-length': String(object.length) });
  },
);
