import { expect, it } from 'vitest';
import { photoSrcsets } from './product-image.ts';

it('builds both formats’ srcsets from a stored photo’s URL, and nothing for other images', () => {
  const id = 'a'.repeat(24);
  expect(photoSrcsets(`/api/media/products/${id}-640.webp`)).toEqual({
    avif: `/api/media/products/${id}-320.avif 320w, /api/media/products/${id}-640.avif 640w, /api/media/products/${id}-1200.avif 1200w`,
    webp: `/api/media/products/${id}-320.webp 320w, /api/media/products/${id}-640.webp 640w, /api/media/products/${id}-1200.webp 1200w`,
  });
  expect(photoSrcsets(`https://elsewhere.example/api/media/art/bag-30-0.svg`)).toBeNull();
  expect(photoSrcsets('/api/media/products/upload.png')).toBeNull();
  expect(photoSrcsets(`https://elsewhere.example/api/media/products/${id}-640.webp`)).toBeNull();
});

it('offers a demo drawing as WebP pictures of three widths (issue 55), and no AVIF', () => {
  expect(photoSrcsets('/api/media/art/bag-30-2.svg')).toEqual({
    webp: '/api/media/art/bag-30-2-160.webp 160w, /api/media/art/bag-30-2-320.webp 320w, /api/media/art/bag-30-2-640.webp 640w',
  });
  expect(photoSrcsets('/api/media/art/bag-30-3.svg')).toBeNull();
});
