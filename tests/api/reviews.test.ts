import { afterAll, describe, expect, test } from 'vitest';
import { makeProduct, send } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { makeSeller, makeSellerMember, makeSellerProduct } from '../support/seller.ts';
import { rate, shopperWithOrder } from '../support/reviews.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Ratings and reviews from verified buyers (issue 52): who may rate (a delivered, not returned line only), one review
 * per shopper and product under concurrent submissions, the desk's queue and its audit, reports, "Helpful", the
 * seller's reply, and the product's summary following the approved rows.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const moderator = await makeStaff(db, api, 'content');
const desk = (path: string, body?: unknown) =>
  json(`/api/admin${path}?lang=en`, send(body === undefined ? 'GET' : 'POST', { cookie: moderator.cookie }, body));
const productRow = (id: number) =>
  db.selectFrom('products').select(['rating', 'ratings_count']).where('id', '=', id).executeTakeFirstOrThrow();

describe('who may rate', () => {
  test('only a delivered line can be rated: every other state is refused (403), and so is a shopper who never bought it', async () => {
    const product = await makeProduct(db, { price: 10_000, stock: 100 });
    for (const status of ['PLACED', 'ACCEPT', 'PREPARE', 'READY_TO_SHIP', 'WITH_COURIER', 'CANCELED'] as const) {
      const shopper = await shopperWithOrder(db, json, product, status);
      const answer = await rate(json, shopper, product, { rating: 5 });
      expect(answer.status, status).toBe(403);
      expect(answer.body.message).toMatch(/delivered/);
    }
    const stranger = await makeShopper(db);
    expect((await rate(json, stranger, product, { rating: 4 })).status).toBe(403);
    const buyer = await shopperWithOrder(db, json, product);
    const answer = await rate(json, buyer, product, { rating: 4 });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ rating: 4, status: 'approved' });
    expect(await productRow(product)).toEqual({ rating: 4, ratings_count: 1 });
  });

  test('a line returned after delivery can no longer be rated', async () => {
    const product = await makeProduct(db, { price: 10_000, stock: 100 });
    const buyer = await shopperWithOrder(db, json, product);
    const finance = await makeStaff(db, api, 'finance');
    const line = await db.selectFrom('order_lines').select('id').where('order_id', '=', buyer.orderId).executeTakeFirstOrThrow();
    const returned = await json(
      `/api/admin/orders/${buyer.orderId}/returned-lines?lang=en`,
      send('POST', { cookie: finance.cookie }, { line_ids: [line.id], reason: 'damaged in transit' }),
    );
    expect(returned.status).toBe(200);
    expect((await rate(json, buyer, product, { rating: 1 })).status).toBe(403);
    const eligibility = await json(`/api/products/${product}/review`, { headers: buyer.headers });
    expect(eligibility.body.data).toEqual({ eligible: false, review: null });
  });

  test('a guest is 401; a rating outside 1–5 or a text too long is 422', async () => {
    const product = await makeProduct(db, { price: 10_000, stock: 100 });
    expect((await json(`/api/products/${product}/review`, send('PUT', {}, { rating: 3 }))).status).toBe(401);
    const buyer = await shopperWithOrder(db, json, product);
    expect((await rate(json, buyer, product, { rating: 6 })).status).toBe(422);
    expect((await rate(json, buyer, product, { rating: 0 })).status).toBe(422);
    expect((await rate(json, buyer, product, { rating: 3, body: 'x'.repeat(2001) })).status).toBe(422);
  });

  test('a member of the product’s seller cannot rate it, even with a delivered order', async () => {
    const seller = await makeSeller(db);
    const product = await makeSellerProduct(db, seller, { price: 10_000, stock: 10 });
    const member = await makeSellerMember(db, seller, 'owner');
    const buyer = await shopperWithOrder(db, json, product);
    await db.updateTable('users').set({ email: member.email }).where('id', '=', buyer.id).execute();
    const answer = await rate(json, buyer, product, { rating: 5 });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/seller/i);
  });
});

test('one review per shopper and product under 20 concurrent submissions; the summary counts it once', async () => {
  const product = await makeProduct(db, { price: 10_000, stock: 100 });
  const buyer = await shopperWithOrder(db, json, product);
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => rate(json, buyer, product, { rating: (i % 5) + 1 })));
  expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
  expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
  const rows = await db.selectFrom('reviews').select('rating').where('product_id', '=', product).execute();
  expect(rows).toHaveLength(1);
  expect(await productRow(product)).toEqual({ rating: rows[0]!.rating, ratings_count: 1 });
});

describe('a written review', () => {
  test('waits for the desk, is approved (audited) and shown with "Verified purchase"; rejected with a reason the author reads', async () => {
    const product = await makeProduct(db, { price: 10_000, stock: 100 });
    const one = await shopperWithOrder(db, json, product);
    const two = await shopperWithOrder(db, json, product);
    const written = await rate(json, one, product, { rating: 5, title: 'Lovely', body: '<b>Fruity</b> and sweet' });
    expect(written.body.data.status).toBe('pending');
    expect(await productRow(product)).toEqual({ rating: 0, ratings_count: 0 });
    const queue = await desk('/reviews');
    const item = queue.body.data.find((r: { product: { id: number } }) => r.product.id === product);
    expect(item).toMatchObject({ rating: 5, body: '<b>Fruity</b> and sweet', status: 'pending' });
    expect((await desk(`/reviews/${item.id}/approve`, {})).status).toBe(200);
    expect(await productRow(product)).toEqual({ rating: 5, ratings_count: 1 });
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('subject_id', '=', String(item.id))
      .execute();
    expect(audit).toContainEqual({ action: 'review.approve', staff_id: moderator.id });
    const page = await json(`/api/products/${product}/reviews?lang=en`);
    expect(page.body.meta).toMatchObject({ total: 1, summary: { average: 5, count: 1, distribution: [1, 0, 0, 0, 0] } });
    expect(page.body.data[0]).toMatchObject({ title: 'Lovely', verified: true, author: 'Test S.' });

    await rate(json, two, product, { rating: 1, body: 'Bad bad bad' });
    const second = (await desk('/reviews')).body.data.find((r: { body: string }) => r.body === 'Bad bad bad');
    expect((await desk(`/reviews/${second.id}/reject`, { reason: 'No' })).status).toBe(422);
    expect((await desk(`/reviews/${second.id}/reject`, { reason: 'Off topic' })).status).toBe(200);
    const own = await json(`/api/products/${product}/review`, { headers: two.headers });
    expect(own.body.data.review).toMatchObject({ status: 'rejected', reason: 'Off topic' });
    expect(await productRow(product)).toEqual({ rating: 5, ratings_count: 1 });
    expect((await desk(`/reviews/${second.id}/approve`, {})).status).toBe(404);
  });

  test('a desk word flags a text in any spelling variant (the Arabic normaliser) and puts it first in the queue', async () => {
    expect((await desk('/review-words', { word: 'إعلان' })).status).toBe(200);
    expect((await desk('/review-words', { word: 'اعلان' })).status).toBe(409);
    const product = await makeProduct(db, { price: 10_000, stock: 100 });
    const buyer = await shopperWithOrder(db, json, product);
    await rate(json, buyer, product, { rating: 2, body: 'هذا أعلان عن متجر آخر' });
    const queue = (await desk('/reviews')).body.data;
    expect(queue[0]).toMatchObject({ flagged_word: 'إعلان', product: { id: product } });
  });

  test('a report (once per shopper) sends an approved review back to the queue and out of the summary; Helpful counts once', async () => {
    const product = await makeProduct(db, { price: 10_000, stock: 100 });
    const author = await shopperWithOrder(db, json, product);
    await rate(json, author, product, { rating: 4 });
    const review = (await json(`/api/products/${product}/reviews`)).body.data[0];
    const reader = await makeShopper(db);
    for (let i = 0; i < 2; i++)
      expect((await json(`/api/reviews/${review.id}/helpful`, send('POST', reader.headers))).body.data.helpful).toBe(1);
    expect((await json(`/api/reviews/${review.id}/helpful`, send('POST', author.headers))).status).toBe(403);
    const reported = await json(
      `/api/reviews/${review.id}/report?lang=en`,
      send('POST', reader.headers, { reason: 'Spam link' }),
    );
    expect(reported.status).toBe(201);
    expect(await productRow(product)).toEqual({ rating: 0, ratings_count: 0 });
    const item = (await desk('/reviews')).body.data.find((r: { id: number }) => r.id === review.id);
    expect(item).toMatchObject({ reports: 1, report_reasons: ['Spam link'] });
    await desk(`/reviews/${review.id}/approve`, {});
    expect(await productRow(product)).toEqual({ rating: 4, ratings_count: 1 });
    const again = await json(`/api/reviews/${review.id}/report?lang=en`, send('POST', reader.headers, { reason: 'Spam link' }));
    expect(again.status).toBe(409);
  });
});

describe('sellers answer', () => {
  test('a seller replies once to its own product’s review (moderated), never to another seller’s, and sees no unapproved review', async () => {
    const sellerA = await makeSeller(db);
    const sellerB = await makeSeller(db);
    const memberA = await makeSellerMember(db, sellerA, 'owner');
    const memberB = await makeSellerMember(db, sellerB, 'owner');
    const product = await makeSellerProduct(db, sellerA, { price: 10_000, stock: 10 });
    const rater = await shopperWithOrder(db, json, product);
    const writer = await shopperWithOrder(db, json, product);
    await rate(json, rater, product, { rating: 3 });
    await rate(json, writer, product, { rating: 2, body: 'Waiting text' });
    const listA = await json('/api/seller/reviews', { headers: memberA.headers });
    expect(listA.body.data.map((r: { body: string | null }) => r.body)).toEqual([null]);
    expect((await json('/api/seller/reviews', { headers: memberB.headers })).body.data).toEqual([]);
    const id = listA.body.data[0].id as number;
    const reply = (m: typeof memberA, body: string) =>
      json(`/api/seller/reviews/${id}/reply?lang=en`, send('POST', m.headers, { body }));
    expect((await reply(memberB, 'Not yours')).status).toBe(404);
    expect((await reply(memberA, 'Thank you!')).status).toBe(200);
    expect((await reply(memberA, 'Again')).status).toBe(409);
    expect((await json(`/api/products/${product}/reviews`)).body.data[0].reply).toBeNull();
    const item = (await desk('/reviews')).body.data.find((r: { id: number }) => r.id === id);
    expect(item.reply).toMatchObject({ body: 'Thank you!', status: 'pending' });
    expect((await desk(`/reviews/${id}/reply/approve`, {})).status).toBe(200);
    const shown = (await json(`/api/products/${product}/reviews?lang=en`)).body.data[0];
    expect(shown.reply).toMatchObject({ body: 'Thank you!' });
  });
});

test('editing and deleting: an edited text waits again; a deleted review leaves the summary', async () => {
  const product = await makeProduct(db, { price: 10_000, stock: 100 });
  const buyer = await shopperWithOrder(db, json, product);
  await rate(json, buyer, product, { rating: 5 });
  expect(await productRow(product)).toEqual({ rating: 5, ratings_count: 1 });
  expect((await rate(json, buyer, product, { rating: 3, body: 'Changed my mind' })).body.data.status).toBe('pending');
  expect(await productRow(product)).toEqual({ rating: 0, ratings_count: 0 });
  expect((await rate(json, buyer, product, { rating: 3, body: '' })).body.data.status).toBe('approved');
  expect(await productRow(product)).toEqual({ rating: 3, ratings_count: 1 });
  expect((await json(`/api/products/${product}/review`, send('DELETE', buyer.headers))).status).toBe(200);
  expect(await productRow(product)).toEqual({ rating: 0, ratings_count: 0 });
  expect((await json(`/api/products/${product}/review`, send('DELETE', buyer.headers))).status).toBe(404);
});

test('the demo seed’s stars are the summary of approved review rows by demo shoppers with delivered lines', async () => {
  const mismatched = await db
    .selectFrom('products as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('reviews')
          .select((e) => ['product_id', e.fn.countAll<number>().as('n'), e.fn.sum<number>('rating').as('total')])
          .where('status', '=', 'approved')
          .groupBy('product_id')
          .as('r'),
      (join) => join.onRef('r.product_id', '=', 'p.id'),
    )
    .select(['p.id', 'p.rating', 'p.ratings_count', 'r.n', 'r.total'])
    .where('p.sku', 'like', 'CM-%')
    .execute();
  expect(mismatched.length).toBeGreaterThan(100);
  for (const p of mismatched) {
    const n = Number(p.n ?? 0);
    expect(p.ratings_count).toBe(n);
    expect(p.rating).toBe(n ? Math.round((Number(p.total) * 10) / n) / 10 : 0);
  }
  const unverified = await db
    .selectFrom('reviews as r')
    .innerJoin('order_lines as l', 'l.id', 'r.order_line_id')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('r.id')
    .where((eb) =>
      eb.or([
        eb('o.status', '!=', 'DELIVERED'),
        eb('o.user_id', '!=', eb.ref('r.user_id')),
        eb('l.product_id', '!=', eb.ref('r.product_id')),
      ]),
    )
    .execute();
  expect(unverified).toEqual([]);
});
