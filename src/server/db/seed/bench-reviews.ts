import type { Insertable, Kysely } from 'kysely';
import { averageOf } from '#lib/reviews/review-views.ts';
import type { Database, ReviewTable } from '../schema.ts';
import { seededRandom } from './random.ts';

/**
 * Review rows for scale benchmarks (issue 52, `npm run seed -- --reviews 1000000`): `count` reviews spread over every
 * product as a shop's reviews are, a few products with hundreds and many with a handful or none (log-normal weights),
 * from BENCH_SHOPPERS generated shoppers (one review per shopper and product, as the unique index wants). Ratings lean
 * to 4–5 around each product's own quality; 90 % approved, 8 % pending, 2 % rejected; a third with a title and a text
 * in either language, a fifth of those with an approved seller reply. Deterministic (a seeded generator), written in
 * transactions of batched inserts; then every product's `rating` / `ratings_count` is the summary of its approved
 * rows, as src/server/services/reviews/summary.ts keeps it. The rows point at no real order line (`order_line_id`
 * 0): the pages measured never read it. Adds to what is there; rerunning adds more.
 */
export const BENCH_SHOPPERS = 2_000;
const BATCH = 500;
const PRODUCTS_PER_TRANSACTION = 2_000;
const DAY = 86_400_000;
const TEXTS = [
  { title: 'Fresh and fragrant', body: 'Arrived well packed and freshly roasted. Will order again.', locale: 'en' },
  { title: 'ممتازة', body: 'القهوة وصلت طازجة والتحميص ممتاز. سأطلبها مرة أخرى.', locale: 'ar' },
  { title: 'Good value', body: 'Smooth cup, no bitterness. Delivery took two days.', locale: 'en' },
  { title: 'جيدة جدًا', body: 'طعم متوازن وسعر مناسب، والتوصيل كان سريعًا.', locale: 'ar' },
  { title: 'Not for me', body: 'Too dark for my taste, but the beans were fresh and the bag resealable.', locale: 'en' },
  { title: 'متوسطة', body: 'التحميص أغمق مما توقعت، لكن التغليف جيد.', locale: 'ar' },
] as const;
const REPLY = 'Thank you for your review! We roast every bag to order.';

/** How many reviews each product gets: log-normal weights (σ 1.2) scaled to `count`, at most one per shopper. */
export function reviewCounts(products: number, count: number, random: () => number): number[] {
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const weights = Array.from({ length: products }, () => Math.exp(1.2 * gauss()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.min(BENCH_SHOPPERS, Math.floor((w / sum) * count)));
  // The rounding's remainder, one more each to products in turn (skipping full ones).
  let missing = count - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; missing > 0 && products > 0; i = (i + 1) % products)
    if (counts[i]! < BENCH_SHOPPERS) {
      counts[i]! += 1;
      missing -= 1;
    }
  return counts;
}

async function benchShoppers(db: Kysely<Database>): Promise<number[]> {
  const at = new Date(Date.UTC(2025, 0, 1)).toISOString();
  const email = (n: number) => `bench.shopper${n}@bench.invalid`;
  const existing = await db.selectFrom('users').select(['id', 'email']).where('email', 'like', 'bench.shopper%').execute();
  const byEmail = new Map(existing.map((u) => [u.email, u.id]));
  const missing = Array.from({ length: BENCH_SHOPPERS }, (_, n) => n + 1).filter((n) => !byEmail.has(email(n)));
  for (let start = 0; start < missing.length; start += BATCH) {
    const rows = await db
      .insertInto('users')
      .values(
        missing.slice(start, start + BATCH).map((n) => ({
          first_name: n % 2 ? 'Bench' : 'تجربة',
          last_name: `Shopper${n}`,
          email: email(n),
          phone: `+2019${String(n).padStart(8, '0')}`,
          password_hash: 'bench shopper: no password',
          avatar: null,
          phone_verified_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    for (const r of rows) byEmail.set(r.email, r.id);
  }
  return Array.from({ length: BENCH_SHOPPERS }, (_, n) => byEmail.get(email(n + 1))!);
}

export async function seedBenchReviews(db: Kysely<Database>, count: number, seed = 52): Promise<{ products: number }> {
  const random = seededRandom(seed);
  const shoppers = await benchShoppers(db);
  const products = await db.selectFrom('products').select('id').orderBy('id').execute();
  const counts = reviewCounts(products.length, count, random);
  const start = Date.UTC(2025, 2, 1);
  for (let from = 0; from < products.length; from += PRODUCTS_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      let rows: Insertable<ReviewTable>[] = [];
      const flush = async () => {
        if (rows.length) await trx.insertInto('reviews').values(rows).execute();
        rows = [];
      };
      for (let i = from; i < Math.min(products.length, from + PRODUCTS_PER_TRANSACTION); i += 1) {
        const productId = products[i]!.id;
        const quality = 2.8 + random() * 2.1;
        // A different run of shoppers per product: shopper (offset + k) mod N never repeats within a product.
        const offset = Math.floor(random() * BENCH_SHOPPERS);
        for (let k = 0; k < counts[i]!; k += 1) {
          const noise = (random() + random() + random() - 1.5) * 1.6;
          const rating = Math.min(5, Math.max(1, Math.round(quality + noise)));
          const roll = random();
          const status = roll < 0.9 ? 'approved' : roll < 0.98 ? 'pending' : 'rejected';
          const text = random() < 1 / 3 ? TEXTS[Math.floor(random() * TEXTS.length)]! : null;
          const reply = text !== null && status === 'approved' && random() < 0.2;
          const at = new Date(start + random() * 600 * DAY).toISOString();
          rows.push({
            product_id: productId,
            user_id: shoppers[(offset + k) % BENCH_SHOPPERS]!,
            order_line_id: 0,
            rating,
            title: text?.title ?? null,
            body: text?.body ?? null,
            locale: text?.locale ?? 'en',
            status,
            reason: status === 'rejected' ? 'Off topic' : null,
            flagged_word: null,
            reports: 0,
            helpful: random() < 0.2 ? Math.floor(1 / (1 - random() * 0.98)) : 0,
            decided_by: null,
            decided_at: status === 'pending' ? null : at,
            reply_body: reply ? REPLY : null,
            reply_status: reply ? 'approved' : null,
            reply_reason: null,
            reply_by: null,
            reply_at: reply ? at : null,
            photos: null,
            created_at: at,
            updated_at: at,
          });
          if (rows.length >= BATCH) await flush();
        }
      }
      await flush();
    });
  }
  // Every product's summary from its approved rows (those of the demo's shoppers too).
  const sums = await db
    .selectFrom('reviews')
    .select((eb) => ['product_id', eb.fn.countAll().as('n'), eb.fn.sum<number>('rating').as('total')])
    .where('status', '=', 'approved')
    .groupBy('product_id')
    .execute();
  const summary = new Map(sums.map((s) => [s.product_id, { count: Number(s.n), total: Number(s.total) }]));
  for (let from = 0; from < products.length; from += PRODUCTS_PER_TRANSACTION)
    await db.transaction().execute(async (trx) => {
      for (const { id } of products.slice(from, from + PRODUCTS_PER_TRANSACTION)) {
        const s = summary.get(id) ?? { count: 0, total: 0 };
        await trx
          .updateTable('products')
          .set({ rating: averageOf(s.total, s.count), ratings_count: s.count, ratings_total: s.total })
          .where('id', '=', id)
          .execute();
      }
    });
  return { products: products.length };
}
