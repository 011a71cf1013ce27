import { Hono } from 'hono';
import { productImageFile } from '../media/product-images.ts';
import { Problem } from '../problem.ts';
import { uploadStore } from '../uploads/upload-store.ts';
import type { ApiEnv } from './context.ts';
import { documented, media, refused, retryLater } from './openapi/describe.ts';

/**
 * Product photos made at upload (src/server/media/product-images.ts): /api/media/products/{hash}-{width}.{avif|webp},
 * read from the store of uploads (so any instance serves what another stored). Named by their content, so a name never
 * changes meaning and may be cached for a year.
 */
export const productMediaRoutes = new Hono<ApiEnv>().get(
  '/media/products/:file',
  documented({
    summary: 'A product photo: `{hash}-{width}.{avif|webp}`',
    tags: ['Media'],
    responses: {
      200: media('The photo (named by its content, cached for a year).', 'image/*'),
      404: refused('No such photo.'),
      503: retryLater('The store of uploads cannot be reached.'),
    },
  }),
  async (c) => {
    const file = productImageFile(c.req.param('file'));
    const object = file ? await uploadStore().get(file.key) : null;
    if (!file || !object) throw new Problem(404, 'api.notFound');
    return c.body(object.body, 200, {
      'content-type': file.type,
      'content-length': String(object.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  },
);
