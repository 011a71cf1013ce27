import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

type Db = Kysely<Database>;
const tag = () => randomBytes(5).toString('hex');

/** A product of our own (price and stock chosen by the test), in the demo catalog's first category. */
export async function makeProduct(db: Db, p: { price: number; stock: number; before_discount?: number | null }) {
  const base = await db.selectFrom('products').select(['category_id', 'sub_category_id', 'seller_id']).executeTakeFirstOrThrow();
  const t = tag();
  const row = await db
    .insertInto('products')
    .values({
      ...base,
      slug: `test-${t}`,
      sku: `TEST-${t}`,
      name_en: `Test beans ${t}`,
      name_ar: `بن تجريبي ${t}`,
      description_en: 'Test',
      description_ar: 'تجربة',
      price: p.price,
      before_discount: p.before_discount ?? null,
      stock: p.stock,
      weight_grams: 250,
      rating: 4,
      ratings_count: 1,
      badge_en: null,
      badge_ar: null,
      images: JSON.stringify([`/media/test-${t}.svg`]),
      variant_group: null,
      variant_label_en: null,
      variant_label_ar: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A saved address of a shopper in a governorate (Cairo by default: 50 EGP, 1 day). */
export async function makeAddress(db: Db, userId: number, code = 'C') {
  const g = await db.selectFrom('governorates').select(['id', 'delivery_fee']).where('code', '=', code).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await db
    .insertInto('addresses')
    .values({
      user_id: userId,
      title: 'Home',
      governorate_id: g.id,
      city: 'Cairo',
      area: 'Zamalek',
      street: '26 July St',
      is_primary: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, fee: g.delivery_fee, governorateId: g.id };
}

export async function makeCoupon(
  db: Db,
  c: Partial<{
    kind: 'percent' | 'fixed';
    value: number;
    min_subtotal: number;
    usage_limit: number | null;
    per_user_limit: number | null;
    starts_at: string | null;
    ends_at: string | null;
    max_discount: number | null;
    active: number;
  }> = {},
) {
  const code = `TEST${tag().toUpperCase()}`;
  await db
    .insertInto('coupons')
    .values({
      code,
      kind: c.kind ?? 'percent',
      value: c.value ?? 10,
      max_discount: c.max_discount ?? null,
      min_subtotal: c.min_subtotal ?? 0,
      starts_at: c.starts_at ?? null,
      ends_at: c.ends_at ?? null,
      usage_limit: c.usage_limit ?? null,
      per_user_limit: c.per_user_limit ?? null,
      active: c.active ?? 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  return code;
}

export async function stockOf(db: Db, productId: number) {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.stock;
}

export async function creditWallet(db: Db, userId: number, amount: number) {
  await db
    .insertInto('wallet_ledger')
    .values({ user_id: userId, amount, reason: 'credit', order_id: null, note: 'test', created_at: new Date().toISOString() })
    .execute();
}

/** JSON request init with the shopper's bearer header and optional extra headers. */
export const send = (method: string, headers: Record<string, string>, body?: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

type Json = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;

/** What an order says besides its one line: a saved address, a payment method (cash on delivery unless told), a coupon… */
export interface OrderFields {
  /** Of the one line; 1 unless told. */
  quantity?: number;
  address_id?: number;
  payment_method?: string;
  [field: string]: unknown;
}

/** A shopper orders one line of a product through the shop's API, with `fields` in the body (answer as it came). */
export function placeOrder(
  json: Json,
  shopper: { headers: Record<string, string> },
  productId: number,
  { quantity = 1, payment_method = 'cash_on_delivery', ...fields }: OrderFields = {},
) {
  return json(
    '/api/orders',
    send('POST', shopper.headers, { products: [{ product_id: productId, quantity }], ...fields, payment_method }),
  );
}

/** A new shopper orders `quantity` of a product for cash on delivery through the shop's API (answer as it came). */
export async function codOrderOf(db: Db, json: Json, productId: number, quantity: number) {
  const { makeShopper } = await import('./shoppers.ts');
  const shopper = await makeShopper(db);
  const address = await makeAddress(db, shopper.id);
  return placeOrder(json, shopper, productId, { quantity, address_id: address.id });
}
