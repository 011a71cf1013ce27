import { signUrlPart, urlPartSigned } from '../../auth/access-token.ts';
import { reviewPhotoId } from '../../media/product-images.ts';
import type { ReviewPhoto } from '#lib/reviews/review-views.ts';

/** How long a link to one's own pending photo works: as long as the access token that fetched it. */
const LINK_SECONDS = 3600;
const PURPOSE = 'review-photo';

/**
 * The author's links to their review's photos (issue 52): a photo of a review that is not approved is served only to
 * its author and the desk, and an <img> sends no bearer token, so the author's answers carry each photo's URL signed
 * for that review and photo with an expiry (`?exp=…&sig=…`). Nobody else is given them; the stored URL stays bare.
 */
export function signedPhotos(reviewId: number, photos: ReviewPhoto[], now = Date.now()): ReviewPhoto[] {
  const exp = String(Math.floor(now / 1000) + LINK_SECONDS);
  return photos.map((p) => {
    const photo = reviewPhotoId(p.url);
    if (!photo) return p;
    return { ...p, url: `${p.url}?exp=${exp}&sig=${signUrlPart(PURPOSE, `${reviewId}:${photo}:${exp}`)}` };
  });
}

/** Whether `exp` and `sig` are a link signedPhotos gave for this review's photo, still valid. */
export function photoSignatureValid(reviewId: number, photo: string, exp: string | undefined, sig: string | undefined) {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < Date.now()) return false;
  return urlPartSigned(PURPOSE, `${reviewId}:${photo}:${exp}`, sig);
}

/** A photo URL as stored: the author's signed link without its query. */
export const bareUrl = (url: string) => url.split('?')[0]!;
