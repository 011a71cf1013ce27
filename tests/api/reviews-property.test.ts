import fc from 'fast-check';
import { afterAll, expect, test, vi } from 'vitest';
import { decideReview } from '../../src/desk/reviews/server/review-queue.ts';
import { deleteReview, reportReview, saveReview } from '../../src/server/services/reviews/shopper-reviews.ts';
import type { StaffActor } from '../../src/core/actors/server/actors.ts';
import { Problem } from '../../src/server/problem.ts';
import { makeProduct } from '../support/orders.ts';
import { shopperWithOrder } from '../support/reviews.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Issue 52: whatever the sequence of ratings (with or without text), edits, approvals, rejections, reports and
 * deletions, `products.rating`, `ratings_count` and `ratings_total` after every step equal a recomputation from the approved rows
 * (the average to one decimal), so cards, the rating filter and JSON-LD never disagree with the reviews.
 */
const { api, db, json, close } = await testApi();
afterAll(close);
vi.spyOn(console, 'error').mockImplementation(() => undefined);

const product = await makeProduct(db, { price: 10_000, stock: 1_000 });
const shoppers: { id: number }[] = [];
for (let i = 0; i < 5; i++) shoppers.push(await shopperWithOrder(db, json, product));
const staff = await makeStaff(db, api, 'support');
const actor: StaffActor = { id: staff.id, email: staff.email, name: 'support', role: 'support', clientAddress: 'tests' };

const shopper = fc.integer({ min: 0, max: shoppers.length - 1 });
const step = fc.oneof(
  fc.record({ kind: fc.constant('rate' as const), who: shopper, rating: fc.integer({ min: 1, max: 5 }), text: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const, 'delete' as const), who: shopper }),
  fc.record({ kind: fc.constant('report' as const), who: shopper, by: shopper }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function reviewOf(who: number) {
  return db
    .selectFrom('reviews')
    .select(['id', 'status'])
    .where('product_id', '=', product)
    .where('user_id', '=', shoppers[who]!.id)
    .executeTakeFirst();
}

/** One step through the shop's services; a refusal (nothing waiting, nothing to delete, a second report) is fine. */
async function run(s: Step): Promise<void> {
  const review = await reviewOf(s.who);
  const work = async () => {
    if (s.kind === 'rate') {
      const input = { rating: s.rating, ...(s.text ? { body: `Text ${s.rating}` } : {}) };
      await saveReview(db, { userId: shoppers[s.who]!.id, productId: product, input, locale: 'en' });
    } else if (s.kind === 'delete') await deleteReview(db, shoppers[s.who]!.id, product);
    else if (!review) return;
    else if (s.kind === 'report') await reportReview(db, shoppers[s.by]!.id, review.id, 'Off topic');
    else await decideReview(db, review.id, s.kind === 'approve' ? { approve: true } : { approve: false, reason: 'No' }, actor);
  };
  await work().catch((error: unknown) => {
    if (!(error instanceof Problem)) throw error;
  });
}

async function expectSummaryFromRows() {
  const approved = await db
    .selectFrom('reviews')
    .select('rating')
    .where('product_id', '=', product)
    .where('status', '=', 'approved')
    .execute();
  const sum = approved.reduce((total, r) => total + r.rating, 0);
  const average = approved.length ? Math.round((sum / approved.length) * 10) / 10 : 0;
  const row = await db
    .selectFrom('products')
    .select(['rating', 'ratings_count', 'ratings_total'])
    .where('id', '=', product)
    .executeTakeFirstOrThrow();
  // The total (migration 043) is what the seller's average is read from.
  expect(row).toEqual({ rating: average, ratings_count: approved.length, ratings_total: sum });
}

test('the product’s average and count equal a recomputation from the approved rows after every step', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
      await db.deleteFrom('review_reports').execute();
      await db.deleteFrom('reviews').where('product_id', '=', product).execute();
      await db.updateTable('products').set({ rating: 0, ratings_count: 0, ratings_total: 0 }).where('id', '=', product).execute();
      for (const s of steps) {
        await run(s);
        await expectSummaryFromRows();
      }
    }),
    { numRuns: 40, seed: 52 },
  );
}, 120_000);
