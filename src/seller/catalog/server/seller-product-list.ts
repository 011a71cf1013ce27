import type { ShopDb } from '#server/db/index.ts';
import type { ChangeKind, ChangeStatus } from '#lib/seller-catalog-changes.ts';

/** A row of the seller's products page: what the shop shows now, and where its changes stand. */
export interface SellerProductRow {
  id: number;
  sku: string;
  name_en: string;
  name_ar: string;
  price: number;
  stock: number;
  hidden: boolean;
  /** The newest change still open (waiting, or a rejected creation), with the staff's reason. */
  change: { id: number; kind: ChangeKind; status: ChangeStatus; reason: string | null } | null;
}

/** A change as the seller follows it (newest first). */
export interface SellerChangeRow {
  id: number;
  product_id: number;
  sku: string;
  kind: ChangeKind;
  status: ChangeStatus;
  fields: string[];
  submitted_at: string;
  decided_at: string | null;
  reason: string | null;
}

const PAGE = 50;

/** The seller's products, a page at a time (newest first), each with its open change. */
export async function listSellerProducts(db: ShopDb, sellerId: number, page: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'sku', 'name_en', 'name_ar', 'price', 'stock', 'hidden'])
      .where('seller_id', '=', sellerId)
      .orderBy('id', 'desc')
      .limit(PAGE)
      .offset((page - 1) * PAGE)
      .execute(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seller_id', '=', sellerId)
      .executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const changes = ids.length
    ? await db
        .selectFrom('product_changes')
        .select(['id', 'product_id', 'kind', 'status', 'reason'])
        .where('seller_id', '=', sellerId)
        .where('product_id', 'in', ids)
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('kind', '=', 'create'), eb('status', '=', 'rejected')])]))
        .orderBy('id', 'asc')
        .execute()
    : [];
  const open = new Map(changes.map((c) => [c.product_id, c]));
  const items: SellerProductRow[] = rows.map((r) => {
    const c = open.get(r.id);
    return {
      ...r,
      hidden: r.hidden === 1,
      change: c ? { id: c.id, kind: c.kind as ChangeKind, status: c.status as ChangeStatus, reason: c.reason } : null,
    };
  });
  return { items, total: Number(count.n), page, pageSize: PAGE };
}

/** The seller's last 100 changes, newest first, with what each touched and what staff decided. */
export async function listSellerChanges(db: ShopDb, sellerId: number): Promise<SellerChangeRow[]> {
  const rows = await db
    .selectFrom('product_changes')
    .innerJoin('products', 'products.id', 'product_changes.product_id')
    .select([
      'product_changes.id',
      'product_changes.product_id',
      'products.sku',
      'product_changes.kind',
      'product_changes.status',
      'product_changes.proposed_json',
      'product_changes.submitted_at',
      'product_changes.decided_at',
      'product_changes.reason',
    ])
    .where('product_changes.seller_id', '=', sellerId)
    .orderBy('product_changes.id', 'desc')
    .limit(100)
    .execute();
  return rows.map(({ proposed_json, ...r }) => ({
    ...r,
    kind: r.kind as ChangeKind,
    status: r.status as ChangeStatus,
    fields: Object.keys(JSON.parse(proposed_json) as object),
  }));
}
