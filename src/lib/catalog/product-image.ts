/**
 * The variants of a product picture. A photo uploaded through the desk (src/server/media/product-images.ts) is
 * stored as `/api/media/products/<hash>-640.webp` and has AVIF and WebP at every width made at upload. A drawing of
 * the demo catalog (`/api/media/art/<kind>-<hue>-<view>.svg`) has WebP at 160, 320 and 640 px
 * (src/server/media/art-raster.ts: an SVG picture costs a phone's main thread what a WebP does not). Null for any
 * other URL.
 */
const WIDTHS = [320, 640, 1200];
const STORED = /^\/api\/media\/products\/([0-9a-f]{24})-640\.webp$/;
const ART_WIDTHS = [160, 320, 640];
const ART = /^\/api\/media\/art\/([a-z]+-\d{1,3}-[0-2])\.svg$/;

export function photoSrcsets(url: string): { avif?: string; webp: string } | null {
  const id = STORED.exec(url)?.[1];
  if (id) {
    const set = (format: string) => WIDTHS.map((w) => `/api/media/products/${id}-${w}.${format} ${w}w`).join(', ');
    return { avif: set('avif'), webp: set('webp') };
  }
  const art = ART.exec(url)?.[1];
  if (art) return { webp: ART_WIDTHS.map((w) => `/api/media/art/${art}-${w}.webp ${w}w`).join(', ') };
  return null;
}
