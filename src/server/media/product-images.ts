import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { uploadsDir } from '../uploads/store.ts';

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

export const productMediaDir = (): string => join(uploadsDir(), 'media', 'products');
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

/** Makes and stores every variant of an uploaded photo; null when the bytes are not a photo we accept. */
export async function processProductImage(bytes: Uint8Array, dir = productMediaDir()): Promise<ProcessedImage | null> {
  const size = await photoFormat(bytes);
  if (!size) return null;
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  await mkdir(dir, { recursive: true });
  // Upright as the camera meant it (EXIF orientation), and without the EXIF (a phone's location stays private).
  const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  for (const width of IMAGE_WIDTHS) {
    const resized = upright.clone().resize({ width, withoutEnlargement: true });
    for (const format of ['avif', 'webp'] as const) {
      const path = join(dir, `${id}-${width}.${format}`);
      if (
        await stat(path).then(
          () => true,
          () => false,
        )
      )
        continue;
      const data = await resized.clone()[format](FORMATS[format]).toBuffer();
      // Written whole, then renamed: a crash never leaves half an image under a name cached for a year.
      await writeFile(`${path}.part`, data);
      await rename(`${path}.part`, path);
    }
  }
  const width = Math.min(640, size.width);
  return { url: productImageUrl(id, 640, 'webp'), width, height: Math.round((size.height * width) / size.width) };
}

/** The stored variant a URL names, or null: `<24 hex>-<width>.<avif|webp>` and nothing else. */
export function productImageFile(name: string): { path: string; type: string } | null {
  const match = /^([0-9a-f]{24})-(\d{3,4})\.(avif|webp)$/.exec(name);
  if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(Number(match[2]))) return null;
  return { path: join(productMediaDir(), name), type: `image/${match[3]}` };
}
