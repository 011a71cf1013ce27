import { afterAll, describe, expect, test } from 'vitest';
import { loadSellerDirectory } from '../../src/server/page-data/seller-directory.ts';
import { loadSellerPage } from '../../src/server/page-data/seller-page.ts';
import { parseListing } from '../../src/lib/catalog/listing-url.ts';
import { send } from '../support/orders.ts';
import { makeSeller, makeSellerProduct } from '../support/seller.ts';
import { rate, shopperWithOrder } from '../support/reviews.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The seller's average on its public profile (issue 52, item 5): every approved rating of its products counts once
 * (count-weighted, not an average of the products' averages); none while it has no approved review, whatever the
 * seller row says; pending and rejected reviews never count.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const moderator = await makeStaff(db, api, 'content');
const approve = (reviewId: number) =>
  json(`/api/admin/reviews/${reviewId}/approve?lang=en`, send('POST', { cookie: moderator.cookie }, {}));
const sellerAnswer = async (id: number) => (await json(`/api/vendor_details/${id}?lang=en`)).body.data;

describe("a seller's rating", () => {
  test('none without approved reviews, on the API, the profile and the directory', async () => {
    const sellerId = await makeSeller(db, { name: 'Unrated Roaster' });
    await makeSellerProduct(db, sellerId, { price: 10_000, stock: 10 });
    // The seller row's own number (a demo seed wrote them) is not what the shop shows.
    await db.updateTable('sellers').set({ rating: 4.8 }).where('id', '=', sellerId).execute();
    expect(await sellerAnswer(sellerId)).toMatchObject({ id: sellerId, rating: null, ratings_count: 0 });
    const page = await loadSellerPage(db, 'ar', String(sellerId), parseListing(new URLSearchParams()));
    expect(page!.seller).toMatchObject({ rating: null, ratings_count: 0 });
    const directory = await loadSellerDirectory(db, 'en', 'Unrated Roaster');
    expect(directory.sellers.find((s) => s.id === sellerId)).toMatchObject({ rating: null, ratings_count: 0 });
  });

  test('count-weighted over the approved ratings of all its products; a pending text counts once approved', async () => {
    const sellerId = await makeSeller(db, { name: 'Rated Roaster' });
    const loved = await makeSellerProduct(db, sellerId, { price: 10_000, stock: 50 });
    const disliked = await makeSellerProduct(db, sellerId, { price: 10_000, stock: 50 });
    for (const stars of [5, 5, 4]) {
      const buyer = await shopperWithOrder(db, json, loved);
      expect((await rate(json, buyer, loved, { rating: stars })).status).toBe(201);
    }
    const critic = await shopperWithOrder(db, json, disliked);
    expect((await rate(json, critic, disliked, { rating: 1 })).status).toBe(201);
    // 15 / 4 = 3.75 → 3.8; the average of the products' averages would be (4.7 + 1) / 2 = 2.85.
    expect(await sellerAnswer(sellerId)).toMatchObject({ rating: 3.8, ratings_count: 4 });

    const writer = await shopperWithOrder(db, json, disliked);
    const written = await rate(json, writer, disliked, { rating: 1, body: 'Stale beans, sadly.' });
    expect(written.body.data.status).toBe('pending');
    expect(await sellerAnswer(sellerId)).toMatchObject({ rating: 3.8, ratings_count: 4 });
    expect((await approve(written.body.data.id)).status).toBe(200);
    // 16 / 5 = 3.2
    expect(await sellerAnswer(sellerId)).toMatchObject({ rating: 3.2, ratings_count: 5 });
    const page = await loadSellerPage(db, 'en', String(sellerId), parseListing(new URLSearchParams()));
    expect(page!.seller).toMatchObject({ rating: 3.2, ratings_count: 5 });
    const directory = await loadSellerDirectory(db, 'ar', 'Rated Roaster');
    expect(directory.sellers.find((s) => s.id === sellerId)).toMatchObject({ rating: 3.2, ratings_count: 5 });
  });
});
