import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ObjectStore } from '../uploads/object-store.ts';
import { uploadStore } from '../uploads/upload-store.ts';

/**
 * Product images (issue 23): made once at upload, never per request. Each upload becomes AVIF and WebP at three widths
 * (never enlarged), named by the content's hash so the same photo uploaded twice is stored once and every URL can be
 * cached for a year. The product keeps the 640 px WebP's URL (what every card, cart and suggestion shows); pages that
 * can offer more build their srcset from it (src/lib/catalog/product-image.ts).
 */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;
const FORMATS = { avif: { quality: 55, effort: 2 }, webp: { quality: 78 } } as const;
/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/** The variants' folder in the store of uploads (src/server/uploads/object-store.ts). */
const MEDIA_FOLDER = 'media/products/';
export const productImageUrl = (id: string, width: number, format: 'avif' | 'webp') =>
  `/api/media/products/${id}-${width}.${format}`;

export interface ProcessedImage {
  /** The URL a product stores (640 px WebP). */
  url: string;
  width: number;
  height: number;
}

/** The input's format if sharp reads it as a photo we accept, or null (anything else: a PDF, a script, an SVG). */
async function photoFormat(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!['jpeg', 'png', 'webp', 'avif', 'heif'].includes(meta.format ?? '') || !meta.width || !meta.height) return null;
    return { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** Where a photo's variants go: the store's folder, their access and the URL a row stores (the 640 px WebP). */
interface ImagePlace {
  folder: string;
  access: 'public' | 'private';
  url: (id: string) => string;
}
const PRODUCT_PLACE: ImagePlace = {
  folder: MEDIA_FOLDER,
  access: 'public',
  url: (id) => productImageUrl(id, 640, 'webp'),
};

/**
 * Makes and stores every variant of an uploaded photo; null when the bytes are not a photo we accept. Variants already
 * stored (the same photo uploaded before) are kept; if storing fails midway, the variants this call wrote are removed
 * again, so a failed upload leaves no half set behind (the store's error, a 503, goes on to the request).
 */
export const processProductImage = (bytes: Uint8Array, store: ObjectStore = uploadStore()): Promise<ProcessedImage | null> =>
  processImage(bytes, store, PRODUCT_PLACE);

/**
 * A review's photo (issue 52): the same variants, but private in a folder of that review's own
 * (`media/reviews/<review id>/`), reached only through GET /api/reviews/{id}/photos/{file}, which serves them to anyone
 * once the review is approved and else only to its author and the desk (src/server/api/review-photo-routes.ts).
 */
export const processReviewPhoto = (
  bytes: Uint8Array,
  reviewId: number,
  store: ObjectStore = uploadStore(),
): Promise<ProcessedImage | null> =>
  processImage(bytes, store, {
    folder: reviewPhotoFolder(reviewId),
    access: 'private',
    url: (id) => reviewPhotoUrl(reviewId, `${id}-640.webp`),
  });

async function processImage(bytes: Uint8Array, store: ObjectStore, place: ImagePlace): Promise<ProcessedImage | null> {
  const size = await photoFormat(bytes);
  if (!size) return null;
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  // Upright as the camera meant it (EXIF orientation), and without the EXIF (a phone's location stays private).
  const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const written: string[] = [];
  try {
    for (const width of IMAGE_WIDTHS) {
      const resized = upright.clone().resize({ width, withoutEnlargement: true });
      for (const format of ['avif', 'webp'] as const) {
        const key = `${place.folder}${id}-${width}.${format}`;
        if (await store.head(key)) continue;
        // The header read well, but the pixels are decoded only now: broken pixel data (a truncated or corrupt PNG,
        // JPEG, WebP or AVIF) is no photo, refused like any other non-photo (415), never a 500 (issue 49).
        const data = await resized
          .clone()
          [format](FORMATS[format])
          .toBuffer()
          .catch(() => null);
        if (!data) {
          await discard(store, written);
          return null;
        }
        // Stored whole or not at all (the store's promise): never half an image under a name cached for a year.
        await store.put(key, data, { type: `image/${format}`, access: place.access });
        written.push(key);
      }
    }
  } catch (error) {
    await discard(store, written);
    throw error;
  }
  const width = Math.min(640, size.width);
  return { url: place.url(id), width, height: Math.round((size.height * width) / size.width) };
}

/** Best effort: a store that fails to write may fail to delete too. */
const discard = (store: ObjectStore, keys: readonly string[]) =>
  Promise.all(keys.map((key) => store.delete(key).catch(() => undefined)));

/** The stored variant a URL names, or null: `<24 hex>-<width>.<avif|webp>` and nothing else. */
export function productImageFile(name: string): { key: string; type: string } | null {
  const match = /^([0-9a-f]{24})-(\d{3,4})\.(avif|webp)$/.exec(name);
  if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(Number(match[2]))) return null;
  return { key: `${MEDIA_FOLDER}${name}`, type: `image/${match[3]}` };
}

/** A review's photos' folder in the store of uploads. */
export const reviewPhotoFolder = (reviewId: number) => `media/reviews/${reviewId}/`;
export const reviewPhotoUrl = (reviewId: number, name: string) => `/api/reviews/${reviewId}/photos/${name}`;

/** A review photo's variant a URL names (`<24 hex>-<width>.<avif|webp>`), its key and its photo's id; or null. */
export function reviewPhotoFile(reviewId: number, name: string): { key: string; type: string; photo: string } | null {
  const file = productImageFile(name);
  return file ? { key: `${reviewPhotoFolder(reviewId)}${name}`, type: file.type, photo: name.slice(0, 24) } : null;
}

/** The photo id (`<24 hex>`) of a review photo's stored URL (its 640 px WebP, any query left out), or null. */
export const reviewPhotoId = (url: string): string | null =>
  /^\/api\/reviews\/\d+\/photos\/([0-9a-f]{24})-640\.webp(?:\?.*)?$/.exec(url)?.[1] ?? null;

/**
 * Removes a review's photos from the store: all of them (a deleted review), or those of `photoIds` (an edit dropped
 * them). Best effort: a store that cannot be reached leaves objects that no route serves any more (their review or
 * its photo list no longer names them).
 */
export async function removeReviewPhotos(reviewId: number, photoIds?: readonly string[], store: ObjectStore = uploadStore()) {
  const folder = reviewPhotoFolder(reviewId);
  const keys =
    photoIds === undefined
      ? (await store.list(folder).catch(() => [])).map((o) => o.key)
      : photoIds.flatMap((id) => IMAGE_WIDTHS.flatMap((w) => (['avif', 'webp'] as const).map((f) => `${folder}${id}-${w}.${f}`)));
  await discard(store, keys);
}
