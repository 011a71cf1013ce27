import { expect, it } from 'vitest';
import { productBody } from './product-form.ts';

const photos = [{ url: '/api/media/products/x-640.webp', alt_en: 'Bag', alt_ar: 'كيس' }];

it('turns typed pounds, Arabic digits and empty optionals into what the API takes', () => {
  const { body, problems } = productBody(
    {
      sku: 'eth-1',
      price: '١٢٥٫٥٠',
      before_discount: '',
      stock: '١٢',
      weight_grams: '250',
      category_id: '2',
      sub_category_id: '5',
      seller_id: '1',
      badge_en: ' ',
      variant_group: '',
    },
    photos,
    10,
  );
  expect(problems).toEqual({});
  expect(body).toMatchObject({
    sku: 'eth-1',
    price: 12550,
    before_discount: null,
    stock: 12,
    weight_grams: 250,
    category_id: 2,
    badge_en: null,
    variant_group: null,
    images: photos,
    was_stock: 10,
  });
});

it('names what does not read as an amount or a count, so nothing typed wrong is saved as empty', () => {
  const { body, problems } = productBody(
    { price: '12.345', stock: '-1', before_discount: 'abc', weight_grams: '' },
    photos,
    null,
  );
  expect(problems).toEqual({ price: 'badNumber', before_discount: 'badNumber', stock: 'badStock' });
  expect(body.weight_grams).toBeNull();
  expect('was_stock' in body).toBe(false);
});
