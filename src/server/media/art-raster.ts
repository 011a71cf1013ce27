import sharp from 'sharp';
import { productArt, type ArtKind } from './product-art.ts';

/**
 * The demo catalog's drawings as WebP pictures (issue 55), at the widths a page's srcset offers. A phone's browser
 * opens every SVG picture as a document of its own, parsed, laid out and painted on the page's main thread: the home
 * page's 33 drawings were 2.6-3.3 s of Lighthouse's "Other" main-thread work, more than all of its scripts. A WebP is
 * decoded off the main thread, as an uploaded photo is (product-images.ts). Drawn by sharp from the same SVG, so
 * nothing else about them changes; kept in memory, since a name always draws the same picture (cached for a year).
 */
export const ART_WIDTHS = [160, 320, 640] as const;
export type ArtWidth = (typeof ART_WIDTHS)[number];
export const isArtWidth = (value: number): value is ArtWidth => (ART_WIDTHS as readonly number[]).includes(value);

const KEPT = 512;
const kept = new Map<string, Promise<Buffer>>();

export function artWebp(kind: ArtKind, hue: number, view: number, width: ArtWidth): Promise<Buffer> {
  const key = `${kind}-${hue}-${view}-${width}`;
  let picture = kept.get(key);
  if (picture) {
    // Least recently used last out: a hit moves to the end of the map's order.
    kept.delete(key);
    kept.set(key, picture);
    return picture;
  }
  const svg = Buffer.from(productArt(kind, hue, view));
  // Rendered at the width asked (density scales the 400-unit drawing), not drawn large and shrunk.
  picture = sharp(svg, { density: (72 * width) / 400 })
    .resize(width, width)
    .webp({ quality: 80 })
    .toBuffer();
  picture.catch(() => kept.delete(key));
  kept.set(key, picture);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return picture;
}
