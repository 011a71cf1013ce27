import { Hono } from 'hono';
import { isArtKind, productArt } from '../media/product-art.ts';
import type { ApiEnv } from './context.ts';
import { Problem } from '../problem.ts';
import { documented, media, refused } from './openapi/describe.ts';

/** Generated product illustrations: /api/media/art/{kind}-{hue}-{view}.svg, cached for a year. */
export const mediaRoutes = new Hono<ApiEnv>().get(
  '/media/art/:file',
  documented({
    summary: 'A generated product illustration: `{kind}-{hue}-{view}.svg`',
    tags: ['Media'],
    responses: {
      200: media('The illustration (cached for a year).', 'image/svg+xml'),
      404: refused('Unknown kind or malformed name.'),
    },
  }),
  (c) => {
    const match = /^([a-z]+)-(\d{1,3})-([0-2])\.svg$/.exec(c.req.param('file'));
    if (!match || !isArtKind(match[1]!)) throw new Problem(404, 'api.notFound');
    return c.body(productArt(match[1], Number(match[2]), Number(match[3])), 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  },
);
