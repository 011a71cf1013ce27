import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodeCart } from './cart-decode.ts';
import { expectSound } from './cart-test-support.ts';

const line = (product: Record<string, unknown>, quantity: unknown) => ({
  product: { id: 1, name: 'Beans', price: 10_000, beforeDiscount: null, images: ['/media/p/1.svg'], stock: 5, ...product },
  quantity,
});
const decode = (value: unknown) => decodeCart(JSON.stringify(value));

describe('decoding the stored cart', () => {
  test('bad JSON, empty or foreign values give an empty cart', () => {
    for (const raw of ['{', 'null', '42', '"cart"', '', null, undefined, '{"cartsProducts":"x"}']) {
      expect(decodeCart(raw)).toMatchObject({ cartsProducts: [], sub_total: 0, total: 0, isLoading: false });
    }
  });

  test('a valid state round-trips and the stored totals are recomputed, not trusted', () => {
    const state = decode({ cartsProducts: [line({}, 2)], sub_total: 1, total: -5, totalItems: 99 });
    expect(state).toMatchObject({ sub_total: 20_000, total: 20_000, totalItems: 2 });
    expect(decode([line({}, 2)]).sub_total).toBe(20_000);
  });

  test('negative, zero, fractional and huge quantities are dropped or repaired', () => {
    expect(decode([line({}, -1)]).cartsProducts).toEqual([]);
    expect(decode([line({}, 0)]).cartsProducts).toEqual([]);
    expect(decode([line({}, '2')]).cartsProducts).toEqual([]);
    expect(decode([line({}, 2.9)]).cartsProducts[0]?.quantity).toBe(2);
    expect(decode([line({}, 1e9)]).cartsProducts[0]?.quantity).toBe(5);
  });

  test('lines with a price of 0, a bad price, a bad id or no name are dropped', () => {
    for (const bad of [
      { price: 0 },
      { price: -100 },
      { price: 10.5 },
      { price: '100' },
      { id: 'x' },
      { id: -3 },
      { id: 1.5 },
      { name: '' },
      { name: 7 },
    ]) {
      expect(decode([line(bad, 1)]).cartsProducts).toEqual([]);
    }
  });

  test('duplicates are merged within stock; unsafe images and a bogus old price are removed', () => {
    const state = decode([
      line({}, 3),
      line({ images: ['javascript:alert(1)', '//evil.example/x.png', '/media/ok.svg'], beforeDiscount: 5 }, 4),
    ]);
    expect(state.cartsProducts).toHaveLength(1);
    expect(state.cartsProducts[0]).toMatchObject({ quantity: 5, product: { images: ['/media/ok.svg'], beforeDiscount: null } });
  });

  test('a line without a known stock keeps its quantity but cannot grow', () => {
    const state = decode([line({ stock: 'lots' }, 3)]);
    expect(state.cartsProducts[0]).toMatchObject({ quantity: 3, product: { stock: 3 } });
  });

  test('property: any stored value decodes without throwing into a sound cart', () => {
    const arbLine = fc.record({
      product: fc.record({
        id: fc.oneof(fc.integer({ min: -2, max: 6 }), fc.double(), fc.string()),
        name: fc.oneof(fc.string(), fc.constant('Beans'), fc.integer()),
        price: fc.oneof(fc.integer({ min: -100, max: 1e9 }), fc.double(), fc.constant(0)),
        stock: fc.oneof(fc.integer({ min: -2, max: 20 }), fc.constant(null)),
        images: fc.array(fc.string(), { maxLength: 2 }),
      }),
      quantity: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.double(), fc.string()),
    });
    fc.assert(
      fc.property(fc.oneof(fc.array(arbLine), fc.jsonValue(), fc.string()), (value) => {
        const raw = typeof value === 'string' && value.length % 2 ? value : JSON.stringify(value);
        expectSound(decodeCart(raw).cartsProducts);
      }),
    );
  });
});
