import sharp from 'sharp';

/**
 * Files whose header is right and whose content is broken (issue 49): what a half-sent phone upload or a hostile
 * one looks like. Each passes a look at its header (format, width, height) and fails when its pixels are decoded.
 */
async function noisyPhoto(): Promise<Buffer> {
  const width = 240;
  const height = 180;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The bytes after `keep` replaced by a repeating junk pattern (header kept, pixel data broken). */
const scrambledAfter = (bytes: Buffer, keep: number): Buffer => {
  const broken = Buffer.from(bytes);
  for (let i = keep; i < broken.length; i += 1) broken[i] = (i * 31) & 0xff;
  return broken;
};

/** The first `share` of a file: its header, and its data cut short. */
const truncated = (bytes: Buffer, share: number): Buffer => bytes.subarray(0, Math.floor(bytes.length * share));

export async function corruptUploads(): Promise<
  Record<'png' | 'jpeg' | 'webp' | 'avif' | 'pdf', { name: string; bytes: Buffer }>
> {
  const source = await noisyPhoto();
  const [jpeg, webp, avif] = await Promise.all([
    sharp(source).jpeg().toBuffer(),
    sharp(source).webp().toBuffer(),
    sharp(source).avif().toBuffer(),
  ]);
  return {
    // IHDR intact (the first 33 bytes), the IDAT chunk's compressed pixels scrambled: libpng's read error.
    png: { name: 'beans.png', bytes: scrambledAfter(source, 64) },
    jpeg: { name: 'beans.jpg', bytes: truncated(jpeg, 0.4) },
    webp: { name: 'beans.webp', bytes: scrambledAfter(webp, 30) },
    avif: { name: 'beans.avif', bytes: truncated(avif, 0.6) },
    pdf: { name: 'card.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\n%%EO') },
  };
}
