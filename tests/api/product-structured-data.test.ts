import { afterAll, describe, expect, test } from 'vitest';
import { productJsonLdText } from '../../src/server/page-data/product-structured-data.ts';
import { loadProductPage } from '../../src/server/services/catalog/product-page.ts';
import { makeProduct, send } from '../support/orders.ts';
import { rate, shopperWithOrder } from '../support/reviews.ts';
import { makeStaff } from '../support/staff.ts';
import { jsonLdBlocks, productLdProblems } from '../support/structured-data.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The product page's JSON-LD (issue 52) through a structured-data validator (tests/support/structured-data.ts:
 * schema.org Product, Offer, AggregateRating and Review with Google's required fields), as the page writes it into
 * its head (`productJsonLdText`, the page's own call): no `aggregateRating` nor `review` without approved reviews; with
 * them, the approved rows' average and count and the newest reviews, their text as written and never closing the
 * script element.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const moderator = await makeStaff(db, api, 'content');
const site = new URL('https://shop.example');

/** The product page's head as the page draws it: its Product JSON-LD in a script element. */
async function pageHead(productId: number, locale: 'en' | 'ar' = 'en') {
  const page = await loadProductPage(db, locale, productId);
  const text = await productJsonLdText(db, locale, page!.product, site, `/${locale}/single-product/${productId}`);
  return `<head><script type="application/ld+json">${text}</script></head>`;
}

describe('the product page’s JSON-LD', () => {
  test('no aggregateRating and no review without approved reviews (a pending text does not count); valid', async () => {
    const product = await makeProduct(db, { price: 12_550, stock: 4 });
    // makeProduct's row says 4 stars from 1 rating; the first write recomputes it from the (no) approved rows.
    const writer = await shopperWithOrder(db, json, product);
    expect((await rate(json, writer, product, { rating: 5, body: 'Waiting for the desk.' })).body.data.status).toBe('pending');
    const [ld] = jsonLdBlocks(await pageHead(product)) as Record<string, unknown>[];
    expect(productLdProblems(ld)).toEqual([]);
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
    expect(ld!['offers']).toMatchObject({ price: '125.50', priceCurrency: 'EGP' });
  });

  test('approved ratings: their average and count, the newest reviews, a hostile text kept as text; valid in Arabic too', async () => {
    const product = await makeProduct(db, { price: 9_000, stock: 4 });
    const hostile = 'Great </script><script>alert(1)</script> beans';
    for (const rating of [5, 4]) {
      const buyer = await shopperWithOrder(db, json, product);
      await rate(json, buyer, product, { rating });
    }
    const writer = await shopperWithOrder(db, json, product);
    const written = await rate(json, writer, product, { rating: 2, title: 'Hmm', body: hostile });
    const approved = await json(
      `/api/admin/reviews/${written.body.data.id}/approve?lang=en`,
      send('POST', { cookie: moderator.cookie }, {}),
    );
    expect(approved.status).toBe(200);

    for (const locale of ['en', 'ar'] as const) {
      const html = await pageHead(product, locale);
      // One script element: the text's "</script>" never closes it.
      expect(html.match(/<\/script>/g)).toHaveLength(1);
      const [ld] = jsonLdBlocks(html) as Record<string, any>[];
      expect(productLdProblems(ld)).toEqual([]);
      // (5 + 4 + 2) / 3 = 3.67 → 3.7, from the approved rows.
      expect(ld!['aggregateRating']).toMatchObject({ ratingValue: 3.7, ratingCount: 3 });
      expect(ld!['review']).toHaveLength(3);
      expect(ld!['review'][0]).toMatchObject({ name: 'Hmm', reviewBody: hostile, reviewRating: { ratingValue: 2 } });
    }
  });

  test('the validator fires on what Google would refuse', () => {
    const valid = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Beans',
      offers: { '@type': 'Offer', price: '90.00', priceCurrency: 'EGP', availability: 'https://schema.org/InStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2, bestRating: 5, worstRating: 1 },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Mona S.' },
          reviewRating: { '@type': 'Rating', ratingValue: 4 },
        },
      ],
    };
    expect(productLdProblems(valid)).toEqual([]);
    expect(productLdProblems({ ...valid, aggregateRating: undefined })).toEqual(['reviews without an aggregateRating']);
    expect(productLdProblems({ ...valid, aggregateRating: { ...valid.aggregateRating, ratingValue: 6 } })).toEqual([
      'aggregateRating: ratingValue 6 outside 1–5',
    ]);
    const uncounted = { ...valid.aggregateRating, ratingCount: undefined };
    expect(productLdProblems({ ...valid, aggregateRating: uncounted })).toEqual([
      'aggregateRating: needs ratingCount or reviewCount',
    ]);
    expect(
      productLdProblems({ ...valid, review: [{ ...valid.review[0], author: { '@type': 'Person', name: '' } }] }),
    ).toHaveLength(1);
    expect(productLdProblems({ ...valid, offers: { ...valid.offers, priceCurrency: 'egp' } })).toHaveLength(1);
  });
});
