import type { Courier, CourierWithCash } from '../cash-views.ts';
import { egyptianMobile } from '#lib/phone.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { cashByCourier, NO_CASH } from './cash-outstanding.ts';

/**
 * The couriers orders are handed to (issue 22). Never deleted: a courier who stops working for the shop is made
 * inactive, so the orders and remittances that name them keep their name, and no new order is handed to them.
 */
type CourierRow = { id: number; name: string; phone: string; active: number };
const view = (row: CourierRow): Courier => ({ id: row.id, name: row.name, phone: row.phone, active: row.active === 1 });

const columns = ['id', 'name', 'phone', 'active'] as const;

export async function readCourier(db: ShopDb, id: number): Promise<Courier | null> {
  const row = await db.selectFrom('couriers').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? view(row) : null;
}

/** Every courier with their cash: active ones first, then by name. */
export async function listCouriers(db: ShopDb, now = new Date()): Promise<CourierWithCash[]> {
  const [rows, cash] = await Promise.all([
    db.selectFrom('couriers').select(columns).orderBy('active', 'desc').orderBy('name').orderBy('id').execute(),
    cashByCourier(db, now),
  ]);
  return rows.map((row) => ({ ...view(row), cash: cash.get(row.id) ?? { ...NO_CASH } }));
}

function mobileOrFail(raw: string): string {
  const phone = egyptianMobile(raw);
  if (!phone) throw new Problem(422, 'adminCash.badPhone', { fields: { phone: ['adminCash.badPhone'] } });
  return phone;
}

export async function createCourier(db: ShopDb, input: { name: string; phone: string }, actor: StaffActor): Promise<Courier> {
  const values = { name: input.name.trim(), phone: mobileOrFail(input.phone) };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('couriers')
      .values({ ...values, active: 1, created_at: isoNow() })
      .returning(columns)
      .executeTakeFirstOrThrow();
    const courier = view(row);
    await recordAudit(trx, actor, { action: 'courier.create', subject: { type: 'courier', id: courier.id }, after: courier });
    return courier;
  });
}

export async function updateCourier(
  db: ShopDb,
  id: number,
  input: { name?: string | undefined; phone?: string | undefined; active?: boolean | undefined },
  actor: StaffActor,
): Promise<Courier> {
  const change = {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.phone !== undefined ? { phone: mobileOrFail(input.phone) } : {}),
    ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
  };
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('couriers').select(columns).where('id', '=', id).executeTakeFirst();
    if (!before) throw new Problem(404, 'adminCash.courierNotFound');
    if (!Object.keys(change).length) return view(before);
    const after = await trx.updateTable('couriers').set(change).where('id', '=', id).returning(columns).executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'courier.update',
      subject: { type: 'courier', id },
      before: view(before),
      after: view(after),
    });
    return view(after);
  });
}
