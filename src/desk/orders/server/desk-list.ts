import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '#lib/orders/order-status.ts';
import { cairoDayEnd, cairoDayStart } from '#lib/cairo-day.ts';
import { egyptianMobile } from '#lib/phone.ts';
import type { Database } from '#server/db/schema.ts';
import type { ShopDb } from '#server/db/index.ts';

/** The orders desk's list (issue 22): filters, search, server-side sorting and paging, counts per status. */
export const DESK_PAGE_SIZE = 25;
export const DESK_SORTS = ['created', 'total', 'status'] as const;
export type DeskSort = (typeof DESK_SORTS)[number];

export interface DeskFilter {
  status?: OrderStatus | undefined;
  paymentMethod?: string | undefined;
  paymentStatus?: string | undefined;
  governorateId?: number | undefined;
  courierId?: number | undefined;
  /** Cairo days, YYYY-MM-DD, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** An order number (#12 or 12), a phone number in any usual form, or part of a name. */
  q?: string | undefined;
  sort?: DeskSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
}

export interface DeskRow {
  id: number;
  createdAt: string;
  status: OrderStatus;
  paymentMethod: string;
  paymentStatus: string;
  total: number;
  shopper: { id: number; name: string; phone: string };
  governorate: { en: string; ar: string };
  courierId: number | null;
  trackingNumber: string | null;
}

/** The desk filter of a parsed query (DeskQuerySchema's output): the API and the orders page read the same names. */
export function deskFilterOf(
  q: Pick<DeskFilter, 'status' | 'from' | 'to' | 'q' | 'sort' | 'dir' | 'page'> & {
    payment_method?: string | undefined;
    payment_status?: string | undefined;
    governorate?: number | undefined;
    courier?: number | undefined;
  },
): DeskFilter {
  return {
    status: q.status,
    paymentMethod: q.payment_method,
    paymentStatus: q.payment_status,
    governorateId: q.governorate,
    courierId: q.courier,
    from: q.from,
    to: q.to,
    q: q.q,
    sort: q.sort,
    dir: q.dir,
    page: q.page,
  };
}

type OrdersQuery = SelectQueryBuilder<
  Database & { orders: Database['orders']; users: Database['users'] },
  'orders' | 'users',
  object
>;

function applyFilter(query: OrdersQuery, f: DeskFilter, withStatus: boolean): OrdersQuery {
  let q = query;
  if (withStatus && f.status) q = q.where('orders.status', '=', f.status);
  if (f.paymentMethod) q = q.where('orders.payment_method', '=', f.paymentMethod);
  if (f.paymentStatus) q = q.where('orders.payment_status', '=', f.paymentStatus);
  if (f.governorateId) q = q.where('orders.governorate_id', '=', f.governorateId);
  if (f.courierId) q = q.where('orders.courier_id', '=', f.courierId);
  if (f.from) q = q.where('orders.created_at', '>=', cairoDayStart(f.from));
  if (f.to) q = q.where('orders.created_at', '<', cairoDayEnd(f.to));
  const text = f.q?.trim();
  if (text) {
    const orderId = /^#?(\d{1,9})$/.exec(text)?.[1];
    // A whole number as people type it (010…, +20…, Arabic digits), matched exactly, as the customers search does.
    const phone = egyptianMobile(text);
    const name = `%${text.toLowerCase().replace(/[%_\\]/g, '')}%`;
    q = q.where((eb: ExpressionBuilder<Database, 'orders' | 'users'>) =>
      eb.or([
        ...(orderId ? [eb('orders.id', '=', Number(orderId))] : []),
        ...(phone ? [eb('users.phone', '=', phone)] : []),
        eb(sql<string>`lower(users.first_name || ' ' || users.last_name)`, 'like', name),
      ]),
    );
  }
  return q;
}

const sortColumn = { created: 'orders.created_at', total: 'orders.total', status: 'orders.status' } as const;

export async function listDeskOrders(
  db: ShopDb,
  filter: DeskFilter,
): Promise<{ rows: DeskRow[]; total: number; page: number; counts: Record<OrderStatus, number> }> {
  const base = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id') as unknown as OrdersQuery;
  const page = filter.page ?? 1;
  const dir = filter.dir ?? 'desc';
  const filtered = applyFilter(base, filter, true);
  const [rows, total, perStatus] = await Promise.all([
    filtered
      .select([
        'orders.id',
        'orders.created_at',
        'orders.status',
        'orders.payment_method',
        'orders.payment_status',
        'orders.total',
        'orders.governorate_en',
        'orders.governorate_ar',
        'orders.courier_id',
        'orders.tracking_number',
        'users.id as user_id',
        'users.first_name',
        'users.last_name',
        'users.phone',
      ])
      .orderBy(sortColumn[filter.sort ?? 'created'], dir)
      .orderBy('orders.id', dir)
      .limit(DESK_PAGE_SIZE)
      .offset((page - 1) * DESK_PAGE_SIZE)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    // The counts ignore the status filter, so the status tabs show what each would hold.
    applyFilter(base, filter, false)
      .select(['orders.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('orders.status')
      .execute(),
  ]);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of perStatus as { status: string; n: number }[])
    if (row.status in counts) counts[row.status as OrderStatus] = Number(row.n);
  return {
    page,
    total: Number((total as { n: number }).n),
    counts,
    rows: (rows as Record<string, unknown>[]).map((r) => ({
      id: Number(r.id),
      createdAt: String(r.created_at),
      status: r.status as OrderStatus,
      paymentMethod: String(r.payment_method),
      paymentStatus: String(r.payment_status),
      total: Number(r.total),
      shopper: { id: Number(r.user_id), name: `${String(r.first_name)} ${String(r.last_name)}`.trim(), phone: String(r.phone) },
      governorate: { en: String(r.governorate_en), ar: String(r.governorate_ar) },
      courierId: r.courier_id === null ? null : Number(r.courier_id),
      trackingNumber: (r.tracking_number as string | null) ?? null,
    })),
  };
}
