/**
 * The variants of a product photo made at upload (src/server/media/product-images.ts): from the URL a product stores
 * (`/api/media/products/<hash>-640.webp`), the AVIF and WebP srcsets of every width. Null for any other URL (the demo
 * catalog's drawings are SVG and need none).
 */
const WIDTHS = [320, 640, 1200];
const STORED = /^\/api\/media\/products\/([0-9a-f]{24})-640\.webp$/;

export function photoSrcsets(url: string): { avif: string; webp: string } | null {
  const id = STORED.exec(url)?.[1];
  if (!id) return null;
  const set = (format: string) => WIDTHS.map((w) => `/api/media/products/${id}-${w}.${format} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
