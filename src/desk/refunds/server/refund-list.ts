import type { ShopDb } from '#server/db/index.ts';
import type { RefundTable } from '#server/db/schema.ts';

export const REFUNDS_PAGE_SIZE = 50;

export interface RefundListRow {
  id: number;
  orderId: number;
  shopper: { id: number; name: string; phone: string };
  amount: number;
  destination: RefundTable['destination'];
  reason: RefundTable['reason'];
  status: RefundTable['status'];
  /** When it became owed. */
  since: string;
  paidAt: string | null;
  paidBy: string | null;
  providerRef: string | null;
  /** Whether a card refund can go back through the provider (the row or the row it was split from has a payment). */
  hasPayment: boolean;
}

/**
 * The refunds desk: what is owed (oldest first, rows being paid right now included so they do not vanish) or what
 * was paid (newest first), with the shopper of each order. One page of REFUNDS_PAGE_SIZE.
 */
export async function listRefunds(
  db: ShopDb,
  filter: { status: 'owed' | 'paid'; page?: number | undefined },
): Promise<{ rows: RefundListRow[]; total: number; page: number }> {
  const page = filter.page ?? 1;
  const statuses: RefundTable['status'][] = filter.status === 'owed' ? ['owed', 'paying'] : ['paid'];
  const base = db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('staff as s', 's.id', 'r.staff_id')
    .where('r.status', 'in', statuses);
  let rows = base.select([
    'r.id',
    'r.order_id',
    'r.amount',
    'r.destination',
    'r.reason',
    'r.status',
    'r.created_at',
    'r.paid_at',
    'r.provider_ref',
    'r.payment_id',
    'r.split_from',
    'u.id as user_id',
    'u.first_name',
    'u.last_name',
    'u.phone',
    's.email as staff_email',
  ]);
  rows =
    filter.status === 'owed'
      ? rows.orderBy('r.created_at').orderBy('r.id')
      : rows.orderBy('r.paid_at', 'desc').orderBy('r.id', 'desc');
  const [found, count] = await Promise.all([
    rows
      .limit(REFUNDS_PAGE_SIZE)
      .offset((page - 1) * REFUNDS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    page,
    total: Number(count.n),
    rows: found.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      shopper: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), phone: r.phone },
      amount: r.amount,
      destination: r.destination,
      reason: r.reason,
      status: r.status,
      since: r.created_at,
      paidAt: r.paid_at,
      paidBy: r.staff_email,
      providerRef: r.provider_ref,
      hasPayment: r.payment_id !== null || r.split_from !== null,
    })),
  };
}
