import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES } from '#lib/uploads.ts';
import { processProductImage } from '#server/media/product-images.ts';
import { Problem } from '#server/problem.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { refused, retryLater } from '#server/api/openapi/describe.ts';
import { done } from '#server/api/openapi/desk-docs.ts';
import { StoredPhoto } from './catalog-answers.ts';

/** One photo per request (multipart `file`), at most 5 MB like every upload. */
export const photoBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: () => {
    throw new Problem(413, 'forms.tooLarge');
  },
});

/** What a photo upload answers, for its route's documentation. */
export const photoUploadResponses = {
  201: done('The stored sizes.', StoredPhoto),
  413: refused('Larger than 5 MB.'),
  415: refused('Not a JPG, PNG or WebP photo.'),
  422: refused('No photo sent.'),
  503: retryLater('The store of uploads cannot be reached: nothing was stored.'),
};

/**
 * The one way a photo comes in, for products and for the text of content entries: read by its content (JPEG, PNG,
 * WebP, AVIF), made once into AVIF and WebP at three widths, named by its hash (src/server/media/product-images.ts).
 */
export async function receivePhoto(c: Context<ApiEnv>) {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const file = body['file'];
  if (!(file instanceof File) || file.size === 0) throw new Problem(422, 'adminCatalog.notAPhoto');
  if (file.size > MAX_UPLOAD_BYTES) throw new Problem(413, 'forms.tooLarge');
  const image = await processProductImage(new Uint8Array(await file.arrayBuffer()));
  if (!image) throw new Problem(415, 'adminCatalog.notAPhoto');
  return c.json({ data: image }, 201);
}
