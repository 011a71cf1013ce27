import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { assertOfferCodesExist } from '../../src/server/content/offer-codes.ts';
import { makeProduct, send } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

const { db, json, close } = await testApi();
afterAll(close);
afterEach(() => vi.useRealTimers());

/** The offers as editors wrote them: each file's code and first valid day, in both languages. */
const offersDir = join(import.meta.dirname, '../../src/content/offers');
const offers = ['en', 'ar'].flatMap((lang) =>
  readdirSync(join(offersDir, lang)).map((file) => {
    const text = readFileSync(join(offersDir, lang, file), 'utf8');
    return {
      id: `${lang}/${file}`,
      data: { code: /^code:\s*(\S+)/m.exec(text)?.[1] },
      validFrom: /^validFrom:\s*(\S+)/m.exec(text)![1]!,
    };
  }),
);

describe('the offers’ coupon codes', () => {
  test('every code an offer advertises is a coupon of the demo shop that checkout accepts while the offer runs', async () => {
    const named = offers.filter((o) => o.data.code);
    expect(named.map((o) => o.data.code)).toEqual(expect.arrayContaining(['GRIND15', 'KANAKA']));
    const shopper = await makeShopper(db);
    const productId = await makeProduct(db, { price: 50_000, stock: 50, before_discount: null });
    for (const offer of named) {
      // The shop's clock on the offer's second day (only Date: the API's own timers keep running).
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${offer.validFrom}T12:00:00Z`).getTime() + 86_400_000 });
      const res = await json(
        '/api/checkCoupon',
        send('POST', shopper.headers, { coupon: offer.data.code, products: [{ product_id: productId, quantity: 1 }] }),
      );
      expect(res.status, `${offer.id}: ${offer.data.code}`).toBe(200);
      expect(res.body.data.DiscountAmount).toBeGreaterThan(0);
      vi.useRealTimers();
    }
  });

  test('the build check passes for the real offers and names the offer and code that have no coupon', async () => {
    await expect(assertOfferCodesExist(db, offers)).resolves.toBeUndefined();
    const typo = [...offers, { id: 'en/flash-sale.md', data: { code: 'FLASH50' } }];
    await expect(assertOfferCodesExist(db, typo)).rejects.toThrow(
      /Offer coupon codes not found in the coupons table: "en\/flash-sale\.md" names code "FLASH50"/,
    );
  });
});
