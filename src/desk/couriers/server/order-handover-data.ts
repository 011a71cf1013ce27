import { BOSTA_CITIES, type OrderAddressCopy } from '#lib/couriers/handover-address.ts';
import type { ShopDb } from '#server/db/index.ts';

/**
 * What the courier company needs of orders, read in one query: the shopper's name and mobile, the order's copy of
 * the address with its governorate's code, its cash and its item count.
 */
export async function readHandoverOrders(db: ShopDb, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('governorates', 'governorates.id', 'orders.governorate_id')
    .select([
      'orders.id',
      'orders.status',
      'orders.payment_method',
      'orders.total',
      'orders.governorate_en',
      'orders.governorate_ar',
      'orders.address_city',
      'orders.address_area',
      'orders.address_street',
      'orders.address_details',
      'governorates.code as governorate_code',
      'users.first_name',
      'users.last_name',
      'users.phone',
    ])
    .select((eb) =>
      eb
        .selectFrom('order_lines')
        .whereRef('order_lines.order_id', '=', 'orders.id')
        .select((inner) => inner.fn.sum<number>('order_lines.quantity').as('items'))
        .as('items'),
    )
    .where('orders.id', 'in', orderIds)
    .execute();
  return rows.map((row) => ({
    ...row,
    items: Number(row.items ?? 0),
    /** What the company collects at the door: what is still due on a cash-on-delivery order, else nothing. */
    cashToCollect: row.payment_method === 'cash_on_delivery' ? row.total : 0,
    address: {
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      governorateCode: row.governorate_code,
      city: row.address_city,
      area: row.address_area,
      street: row.address_street,
      details: row.address_details,
    } satisfies OrderAddressCopy,
  }));
}

export type HandoverOrder = Awaited<ReturnType<typeof readHandoverOrders>>[number];

/** The cities each company knows (the sandbox behaves as Bosta, so it takes Bosta's). */
export const CITIES_OF = { bosta: BOSTA_CITIES, sandbox: BOSTA_CITIES } as const;
