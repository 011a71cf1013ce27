import { sql } from 'kysely';
import { egyptianMobile } from '#lib/phone.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { CustomerListRow } from '../customer-views.ts';

export type { CustomerListRow };

export const CUSTOMERS_PAGE_SIZE = 25;

/** Contains `text`, ignoring case; `%` and `_` typed by staff are dropped rather than matching anything. */
const likeText = (text: string) => `%${text.toLowerCase().replace(/[%_]/g, '')}%`;

/**
 * Shoppers matching what support typed: a phone in any form people type it (010…, +2010…, 0020…, Arabic digits:
 * the E.164 number is matched exactly; a few digits match inside numbers), an e-mail (or part of one), an order
 * number (#123 or 123) or a name (first, last or both). Newest shoppers first, paged.
 */
export async function searchCustomers(
  db: ShopDb,
  { q, page = 1 }: { q: string; page?: number | undefined },
): Promise<{ rows: CustomerListRow[]; total: number; page: number }> {
  const text = q.trim().slice(0, 100);
  if (!text) return { rows: [], total: 0, page };
  const phone = egyptianMobile(text);
  const digits = /^[+\d\s-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const orderNumber = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
  const base = db.selectFrom('users as u').where((eb) => {
    const any = [
      eb(sql<string>`lower(u.first_name || ' ' || u.last_name)`, 'like', likeText(text)),
      eb(eb.fn('lower', ['u.email']), 'like', likeText(text)),
    ];
    if (phone) any.push(eb('u.phone', '=', phone));
    if (digits.length >= 4) any.push(eb('u.phone', 'like', likeText(digits.replace(/^0+/, ''))));
    if (orderNumber !== null)
      any.push(eb('u.id', 'in', eb.selectFrom('orders').select('orders.user_id').where('orders.id', '=', orderNumber)));
    return eb.or(any);
  });
  const [found, count] = await Promise.all([
    base
      .select((eb) => [
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.phone',
        'u.email',
        'u.created_at',
        'u.cod_blocked_at',
        eb.selectFrom('orders').select(eb.fn.countAll<number>().as('n')).whereRef('orders.user_id', '=', 'u.id').as('orders'),
      ])
      .orderBy('u.id', 'desc')
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((page - 1) * CUSTOMERS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    page,
    total: Number(count.n),
    rows: found.map((u) => ({
      id: u.id,
      name: `${u.first_name} ${u.last_name}`.trim(),
      phone: u.phone,
      email: u.email,
      joined: u.created_at,
      orders: Number(u.orders ?? 0),
      codBlocked: u.cod_blocked_at !== null,
    })),
  };
}
