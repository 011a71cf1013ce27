import { orderTotals, type OrderTotals } from '#lib/orders/order-math.ts';
import type { PlaceOrderRequest } from '#lib/schemas/orders.ts';
import type { ShopDb } from '../../db/index.ts';
import type { CouponRow, GovernorateRow, OrderLineRow } from '../../db/schema.ts';
import { couponTerms, usableCoupon } from './coupons.ts';
import { Problem } from '../../problem.ts';
import { freeDeliveryThreshold } from './settings.ts';
import { walletBalance } from './wallet.ts';

export type OrderChoice = PlaceOrderRequest & { governorate_id?: number | undefined };

/** The columns an order line keeps (schema.ts), without its ids. */
export type LineColumns = Omit<OrderLineRow, 'id' | 'order_id' | 'cancelled_at'>;

export interface PricedLine extends LineColumns {
  stock: number;
}

/** The delivery address as the order keeps it. */
export interface AddressSnapshot {
  address_id: number | null;
  title: string;
  country: string;
  city: string;
  area: string;
  street: string;
  details: string;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** Requested products that do not exist. */
  unknownIds: number[];
  /** Lines asking for more than today's stock. */
  shortIds: number[];
  governorate: GovernorateRow | null;
  address: AddressSnapshot | null;
  coupon: CouponRow | null;
  walletBalance: number;
  totals: OrderTotals;
}

/** Merges repeated product ids, keeping the first position. */
export function mergeLines(products: { product_id: number; quantity: number }[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const { product_id, quantity } of products) wanted.set(product_id, (wanted.get(product_id) ?? 0) + quantity);
  return wanted;
}

async function resolveAddress(db: ShopDb, userId: number, choice: OrderChoice) {
  if (choice.address_id !== undefined) {
    const row = await db
      .selectFrom('addresses')
      .selectAll()
      .where('id', '=', choice.address_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // Someone else's address looks exactly like a missing one: nothing leaks about other shoppers.
    if (!row) throw new Problem(404, 'orders.addressNotFound');
    return { address: { ...row, address_id: row.id }, governorateId: row.governorate_id };
  }
  if (choice.address) {
    const a = choice.address;
    const snapshot = {
      address_id: null,
      title: a.title,
      country: 'EG',
      city: a.city,
      area: a.area,
      street: a.street,
      details: a.details ?? '',
    };
    return { address: snapshot, governorateId: a.governorate_id };
  }
  if (choice.governorate_id !== undefined) return { address: null, governorateId: choice.governorate_id };
  const primary = await db
    .selectFrom('addresses')
    .select('governorate_id')
    .where('user_id', '=', userId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return { address: null, governorateId: primary?.governorate_id ?? null };
}

/**
 * Prices a shopper's choice entirely from the database: today's prices and sale prices, the governorate's fee, the
 * free-delivery threshold, the coupon's rules and the wallet balance. Used by the summary and, inside the order's
 * transaction, by POST /orders, so both always agree.
 */
export async function priceOrder(db: ShopDb, userId: number, choice: OrderChoice): Promise<PricedOrder> {
  const wanted = mergeLines(choice.products);
  const ids = [...wanted.keys()];
  const rows = ids.length
    ? await db
        .selectFrom('products')
        .innerJoin('sellers', 'sellers.id', 'products.seller_id')
        .select(['products.id', 'products.name_en', 'products.name_ar', 'products.images', 'products.price'])
        .select(['products.before_discount', 'products.stock'])
        .where('products.id', 'in', ids)
        // A suspended seller's products cannot be ordered: they are unknown to the order (refused as unavailable).
        .where('sellers.status', '=', 'active')
        .where('products.hidden', '=', 0)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines: PricedLine[] = [];
  for (const [id, quantity] of wanted) {
    const p = byId.get(id);
    if (!p) continue;
    const image = (JSON.parse(p.images) as string[])[0] ?? null;
    const before = p.before_discount !== null && p.before_discount > p.price ? p.before_discount : null;
    lines.push({
      product_id: id,
      name_en: p.name_en,
      name_ar: p.name_ar,
      image,
      unit_price: p.price,
      before_discount: before,
      quantity,
      line_total: p.price * quantity,
      stock: p.stock,
    });
  }
  const { address, governorateId } = await resolveAddress(db, userId, choice);
  const governorate =
    governorateId === null
      ? null
      : ((await db.selectFrom('governorates').selectAll().where('id', '=', governorateId).executeTakeFirst()) ?? null);
  if (governorateId !== null && !governorate) throw new Problem(422, 'orders.selectAddress');
  const itemsTotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  const coupon = choice.coupon ? await usableCoupon(db, choice.coupon, userId, itemsTotal) : null;
  const balance = await walletBalance(db, userId);
  const useWallet = choice.payment_method === 'wallet' || choice.use_wallet === true;
  const totals = orderTotals({
    lines: lines.map((l) => ({ unitPrice: l.unit_price, beforeDiscount: l.before_discount, quantity: l.quantity })),
    coupon: coupon ? couponTerms(coupon) : null,
    deliveryFee: governorate?.delivery_fee ?? 0,
    freeDeliveryThreshold: await freeDeliveryThreshold(db),
    walletAvailable: useWallet ? Math.max(0, balance) : 0,
  });
  return {
    lines,
    unknownIds: ids.filter((id) => !byId.has(id)),
    shortIds: lines.filter((l) => l.quantity > l.stock).map((l) => l.product_id),
    governorate,
    address,
    coupon,
    walletBalance: balance,
    totals,
  };
}
