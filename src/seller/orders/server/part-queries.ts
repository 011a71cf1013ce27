import type { OrderStatus } from '#lib/orders/order-status.ts';
import type { PartStatus } from '#lib/orders/part-status.ts';
import type { PartDetail, PartList, PartRow } from '../part-view.ts';
import type { ShopDb } from '#server/db/index.ts';
import { toInt } from '#server/db/values.ts';

/**
 * What a seller reads of its parts (issue 40 item 4): every query takes the seller's id, so another seller's part is
 * not found. An order still waiting for its online payment is not the seller's to prepare yet: its part shows once
 * the payment is verified. The shopper's name, phone and street stay with the marketplace (its couriers deliver);
 * the seller sees the governorate and city the parcel goes to.
 */
export const PART_PAGE_SIZE = 25;

/** The seller's lines of each part: live ones count and add up; a cancelled line is shown on the part's page only. */
const linesOf = (db: ShopDb, sellerId: number) =>
  db
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .where('products.seller_id', '=', sellerId);

function partsOf(db: ShopDb, sellerId: number) {
  return db
    .selectFrom('order_parts')
    .innerJoin('orders', 'orders.id', 'order_parts.order_id')
    .where('order_parts.seller_id', '=', sellerId)
    .where('orders.status', '!=', 'PENDING');
}

const partColumns = [
  'order_parts.id',
  'order_parts.order_id',
  'order_parts.status',
  'order_parts.created_at',
  'orders.status as order_status',
] as const;

async function withAmounts(
  db: ShopDb,
  sellerId: number,
  rows: { id: number; order_id: number; status: string; created_at: string; order_status: string }[],
): Promise<PartRow[]> {
  const ids = rows.map((r) => r.order_id);
  const sums = ids.length
    ? await linesOf(db, sellerId)
        .select('order_lines.order_id')
        .select((eb) => [eb.fn.countAll<number>().as('lines'), eb.fn.sum<number>('order_lines.line_total').as('amount')])
        .where('order_lines.order_id', 'in', ids)
        .where('order_lines.cancelled_at', 'is', null)
        .groupBy('order_lines.order_id')
        .execute()
    : [];
  const byOrder = new Map(sums.map((s) => [s.order_id, s]));
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    status: r.status as PartStatus,
    orderStatus: r.order_status as OrderStatus,
    createdAt: r.created_at,
    lines: toInt(byOrder.get(r.order_id)?.lines),
    amount: toInt(byOrder.get(r.order_id)?.amount),
  }));
}

/** A page of the seller's parts, newest first, optionally in one state, with the count of each state. */
export async function listParts(
  db: ShopDb,
  sellerId: number,
  filter: { status?: PartStatus | undefined; page?: number | undefined },
): Promise<PartList> {
  const page = Math.max(1, filter.page ?? 1);
  let query = partsOf(db, sellerId);
  if (filter.status) query = query.where('order_parts.status', '=', filter.status);
  const [rows, total, counts] = await Promise.all([
    query
      .select(partColumns)
      .orderBy('order_parts.id', 'desc')
      .limit(PART_PAGE_SIZE)
      .offset((page - 1) * PART_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    partsOf(db, sellerId)
      .select('order_parts.status')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('order_parts.status')
      .execute(),
  ]);
  return {
    items: await withAmounts(db, sellerId, rows),
    total: toInt(total?.n),
    page,
    pageSize: PART_PAGE_SIZE,
    counts: Object.fromEntries(counts.map((c) => [c.status, toInt(c.n)])) as Partial<Record<PartStatus, number>>,
  };
}

/** One of the seller's parts with its lines only; null when it is not this seller's (or not to prepare yet). */
export async function readPart(db: ShopDb, sellerId: number, partId: number): Promise<PartDetail | null> {
  const row = await partsOf(db, sellerId)
    .select(partColumns)
    .select(['orders.governorate_en', 'orders.governorate_ar', 'orders.address_city', 'orders.payment_method'])
    .where('order_parts.id', '=', partId)
    .executeTakeFirst();
  if (!row) return null;
  const [summary] = await withAmounts(db, sellerId, [row]);
  const lines = await linesOf(db, sellerId)
    .select(['order_lines.id', 'order_lines.product_id', 'order_lines.name_en', 'order_lines.name_ar', 'order_lines.image'])
    .select(['order_lines.unit_price', 'order_lines.quantity', 'order_lines.line_total', 'order_lines.cancelled_at'])
    .where('order_lines.order_id', '=', row.order_id)
    .orderBy('order_lines.id')
    .execute();
  return {
    ...summary!,
    governorate: { en: row.governorate_en, ar: row.governorate_ar },
    city: row.address_city,
    paymentMethod: row.payment_method,
    items: lines.map((l) => ({
      id: l.id,
      productId: l.product_id,
      name: { en: l.name_en, ar: l.name_ar },
      image: l.image,
      unitPrice: l.unit_price,
      quantity: l.quantity,
      total: l.line_total,
      cancelled: l.cancelled_at !== null,
    })),
  };
}
