import { Hono } from 'hono';
import { isArtKind, productArt } from '../media/product-art.ts';
import { artWebp, isArtWidth } from '../media/art-raster.ts';
import type { ApiEnv } from './context.ts';
import { Problem } from '../problem.ts';
import { documented, media, refused } from './openapi/describe.ts';

/**
 * Generated product illustrations: /api/media/art/{kind}-{hue}-{view}.svg, and the same drawing as a WebP picture
 * {kind}-{hue}-{view}-{width}.webp (160, 320 or 640 px: the pages' srcset, art-raster.ts); cached for a year.
 */
export const mediaRoutes = new Hono<ApiEnv>().get(
  '/media/art/:file',
  documented({
    summary: 'A generated product illustration: `{kind}-{hue}-{view}.svg`, or `{kind}-{hue}-{view}-{width}.webp`',
    tags: ['Media'],
    responses: {
      200: media('The illustration (cached for a year): image/svg+xml or image/webp.', 'image/*'),
      404: refused('Unknown kind, width or malformed name.'),
    },
  }),
  async (c) => {
    const match = /^([a-z]+)-(\d{1,3})-([0-2])(?:\.svg|-(\d{3})\.webp)$/.exec(c.req.param('file'));
    if (!match || !isArtKind(match[1]!)) throw new Problem(404, 'api.notFound');
    const [kind, hue, view] = [match[1], Number(match[2]), Number(match[3])];
    const cached = { 'cache-control': 'public, max-age=31536000, immutable' };
    if (match[4] === undefined)
      return c.body(productArt(kind, hue, view), 200, { ...cached, 'content-type': 'image/svg+xml; charset=utf-8' });
    const width = Number(match[4]);
    if (!isArtWidth(width)) throw new Problem(404, 'api.notFound');
    return c.body(new Uint8Array(await artWebp(kind, hue, view, width)), 200, { ...cached, 'content-type': 'image/webp' });
  },
);
