import { expect, it } from 'vitest';
import { photoSrcsets } from './product-image.ts';

it('builds both formats’ srcsets from a stored photo’s URL, and nothing for other images', () => {
  const id = 'a'.repeat(24);
  expect(photoSrcsets(`/api/media/products/${id}-640.webp`)).toEqual({
    avif: `/api/media/products/${id}-320.avif 320w, /api/media/products/${id}-640.avif 640w, /api/media/products/${id}-1200.avif 1200w`,
    webp: `/api/media/products/${id}-320.webp 320w, /api/media/products/${id}-640.webp 640w, /api/media/products/${id}-1200.webp 1200w`,
  });
  expect(photoSrcsets('/api/media/art/bag-30-0.svg')).toBeNull();
  expect(photoSrcsets(`https://elsewhere.example/api/media/products/${id}-640.webp`)).toBeNull();
});
