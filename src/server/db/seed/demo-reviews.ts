import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { ProductDraft } from './demo-products.ts';
import { averageOf } from '#lib/reviews/review-views.ts';
import { countNewOrders } from '#core/reports/server/order-summaries.ts';

/**
 * The demo's stars come from reviews (issue 52, decision 036): twenty demo shoppers, each with delivered orders of the
 * products they rated, write review rows; the products' `rating` / `ratings_count` are then the summary of those rows
 * (the same function every review write uses). Deterministic: a product gets 10 ratings (20 when its draft counted 120
 * or more) whose average is exactly the draft's rating, so listings, sorts and the rating filter look as before.
 * Everything is dated in 2025, before any order a test or a shopper places, so no desk day or "newest" list changes.
 */
export const DEMO_SHOPPERS: [string, string][] = [
  ['Mona', 'Sayed'],
  ['Karim', 'Adel'],
  ['Nour', 'Hassan'],
  ['Omar', 'Farouk'],
  ['Salma', 'Youssef'],
  ['Hany', 'Mostafa'],
  ['Yasmin', 'Ibrahim'],
  ['Tarek', 'Nabil'],
  ['Dina', 'Samir'],
  ['Ahmed', 'Kamal'],
  ['Laila', 'Mahmoud'],
  ['Sherif', 'Gamal'],
  ['Rana', 'Fathy'],
  ['Mahmoud', 'Ashraf'],
  ['Heba', 'Anwar'],
  ['Youssef', 'Magdy'],
  ['Aya', 'Tawfik'],
  ['Mostafa', 'Hamdy'],
  ['Farida', 'Lotfy'],
  ['Ali', 'Reda'],
];
const TEXTS: { title: string; body: string; locale: 'en' | 'ar' }[] = [
  { title: 'Fresh and fragrant', body: 'Arrived well packed and freshly roasted. Will order again.', locale: 'en' },
  { title: 'ممتازة', body: 'القهوة وصلت طازجة والتحميص ممتاز. سأطلبها مرة أخرى.', locale: 'ar' },
  { title: 'Good value', body: 'Smooth cup, no bitterness. Delivery took two days.', locale: 'en' },
  { title: 'جيدة جدًا', body: 'طعم متوازن وسعر مناسب، والتوصيل كان سريعًا.', locale: 'ar' },
];
const LINES_PER_ORDER = 12;
const DAY = 86_400_000;

/** k star ratings (3–5) whose sum is `rating × k`: the average is the draft's rating to the decimal. */
export function ratingsFor(rating: number, k: number): number[] {
  const sum = Math.round(rating * k);
  const base = Math.floor(sum / k);
  return Array.from({ length: k }, (_, i) => Math.min(5, base + (i < sum - base * k ? 1 : 0)));
}

export async function seedDemoReviews(db: Kysely<Database>, drafts: readonly ProductDraft[]): Promise<void> {
  const products = await db.selectFrom('products').select(['id', 'sku', 'name_en', 'name_ar', 'price', 'images']).execute();
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const governorate = await db
    .selectFrom('governorates')
    .select(['id', 'name_en', 'name_ar'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const userIds = await insertShoppers(db);
  // Who rates what: product i is rated by shoppers i, i+1, … (mod 20), so no shopper rates a product twice.
  const wanted = new Map<number, { productId: number; rating: number; text: number | null }[]>();
  drafts.forEach((draft, i) => {
    const product = bySku.get(draft.sku);
    if (!product) return;
    const k = draft.ratingsCount >= 120 ? 20 : 10;
    ratingsFor(draft.rating, k).forEach((rating, j) => {
      const shopper = (i + j) % DEMO_SHOPPERS.length;
      const list = wanted.get(shopper) ?? [];
      list.push({ productId: product.id, rating, text: j < 2 ? (i + j) % TEXTS.length : null });
      wanted.set(shopper, list);
    });
  });
  for (const [shopper, lines] of wanted) {
    for (let start = 0; start < lines.length; start += LINES_PER_ORDER) {
      const chunk = lines.slice(start, start + LINES_PER_ORDER);
      const placed = new Date(Date.UTC(2025, 1, 1) + ((shopper * 40 + start) * DAY) / 4).toISOString();
      const delivered = new Date(Date.parse(placed) + 3 * DAY).toISOString();
      const subtotal = chunk.reduce((sum, l) => sum + bySkuId(products, l.productId).price, 0);
      const order = await db
        .insertInto('orders')
        .values({
          user_id: userIds[shopper]!,
          status: 'DELIVERED',
          payment_method: 'cash_on_delivery',
          locale: 'en',
          subtotal,
          sale_discount: 0,
          coupon_discount: 0,
          coupon_id: null,
          coupon_code: null,
          shipping_fee: 0,
          wallet_amount: 0,
          total: subtotal,
          address_id: null,
          address_title: 'Home',
          address_country: 'Egypt',
          governorate_id: governorate.id,
          governorate_en: governorate.name_en,
          governorate_ar: governorate.name_ar,
          address_city: 'Cairo',
          address_area: 'Zamalek',
          address_street: '26 July Street',
          address_details: '',
          delivery_days: 2,
          delivered_at: delivered,
          created_at: placed,
          updated_at: delivered,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // History as it stands, with its timeline's first and last events (the lifecycle writes live orders only).
      await db
        .insertInto('order_events')
        .values([
          { order_id: order.id, status: 'PLACED', actor: 'system', created_at: placed },
          { order_id: order.id, status: 'DELIVERED', actor: 'system', created_at: delivered },
        ])
        .execute();
      const lineRows = await db
        .insertInto('order_lines')
        .values(
          chunk.map((l) => {
            const p = bySkuId(products, l.productId);
            const image = (JSON.parse(p.images) as string[])[0] ?? null;
            const values = { unit_price: p.price, before_discount: null, quantity: 1, line_total: p.price };
            return { order_id: order.id, product_id: p.id, name_en: p.name_en, name_ar: p.name_ar, image, ...values };
          }),
        )
        .returning(['id', 'product_id'])
        .execute();
      const lineOf = new Map(lineRows.map((r) => [r.product_id, r.id]));
      await countNewOrders(db, [order.id]);
      await db
        .insertInto('reviews')
        .values(
          chunk.map((l) => {
            const text = l.text === null ? null : TEXTS[l.text]!;
            return {
              product_id: l.productId,
              user_id: userIds[shopper]!,
              order_line_id: lineOf.get(l.productId)!,
              rating: l.rating,
              title: text?.title ?? null,
              body: text?.body ?? null,
              locale: text?.locale ?? 'en',
              status: 'approved',
              reason: null,
              flagged_word: null,
              decided_by: null,
              decided_at: text ? delivered : null,
              reply_body: null,
              reply_status: null,
              reply_reason: null,
              reply_by: null,
              reply_at: null,
              created_at: delivered,
              updated_at: delivered,
            };
          }),
        )
        .execute();
    }
  }
  await writeSummaries(db, [...wanted.values()].flat());
}

/** The summary of the rows just written, as src/server/services/reviews/summary.ts keeps it for every later change. */
async function writeSummaries(db: Kysely<Database>, rows: { productId: number; rating: number }[]): Promise<void> {
  const totals = new Map<number, { sum: number; count: number }>();
  for (const l of rows) {
    const t = totals.get(l.productId) ?? { sum: 0, count: 0 };
    totals.set(l.productId, { sum: t.sum + l.rating, count: t.count + 1 });
  }
  for (const [id, t] of totals)
    await db
      .updateTable('products')
      .set({ rating: averageOf(t.sum, t.count), ratings_count: t.count, ratings_total: t.sum })
      .where('id', '=', id)
      .execute();
}

/** The twenty demo shoppers (verified, no password: nobody signs in as them), dated in early 2025. */
async function insertShoppers(db: Kysely<Database>): Promise<number[]> {
  const userIds: number[] = [];
  for (const [n, [first, last]] of DEMO_SHOPPERS.entries()) {
    const at = new Date(Date.UTC(2025, 0, 1) + n * DAY).toISOString();
    const row = await db
      .insertInto('users')
      .values({
        first_name: first,
        last_name: last,
        email: `demo.shopper${n + 1}@beanbazaar.example`,
        phone: `+2012000000${String(n + 1).padStart(2, '0')}`,
        password_hash: 'demo shopper: no password',
        phone_verified_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  return userIds;
}

const bySkuId = (products: { id: number; price: number; name_en: string; name_ar: string; images: string }[], id: number) =>
  products.find((p) => p.id === id)!;
