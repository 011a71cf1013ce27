import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { productImageFile } from '../media/product-images.ts';
import { Problem } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { documented, media, refused } from './openapi/describe.ts';

/**
 * Product photos made at upload (src/server/media/product-images.ts): /api/media/products/{hash}-{width}.{avif|webp}.
 * Named by their content, so a name never changes meaning and may be cached for a year.
 */
export const productMediaRoutes = new Hono<ApiEnv>().get(
  '/media/products/:file',
  documented({
    summary: 'A product photo: `{hash}-{width}.{avif|webp}`',
    tags: ['Media'],
    responses: {
      200: media('The photo (named by its content, cached for a year).', 'image/*'),
      404: refused('No such photo.'),
    },
  }),
  async (c) => {
    const file = productImageFile(c.req.param('file'));
    const size = file
      ? await stat(file.path).then(
          (s) => s.size,
          () => null,
        )
      : null;
    if (!file || size === null) throw new Problem(404, 'api.notFound');
    return c.body(Readable.toWeb(createReadStream(file.path)) as ReadableStream, 200, {
      'content-type': file.type,
      'content-length': String(size),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  },
);
