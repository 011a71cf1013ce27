import type { CouponPage, CouponRedemptionView, CouponView } from '../promotion-views.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { CouponRow } from '#server/db/schema.ts';
import { isUniqueViolation, nowIso, toInt } from '#server/db/values.ts';
import { Problem, type ProblemCode } from '#server/problem.ts';
import { normalizeCode } from '#server/services/orders/coupons.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { lastShopDay, shopDayEnd, shopDayStart, shopDayOf } from './shop-days.ts';

/**
 * Coupons in the desk (issue 23): the same rows the checkout reads (services/orders/coupons.ts), so a coupon made,
 * changed or paused here is what the next shopper gets. Never deleted: paused, so past orders keep their coupon.
 */
export const COUPONS_PER_PAGE = 25;

/** A coupon's rules as the desk writes them: its view less what the shop keeps (id, code, uses, paused or not). */
export type CouponInput = Omit<CouponView, 'id' | 'code' | 'used_count' | 'active'>;

const view = (row: CouponRow): CouponView => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  max_discount: row.max_discount,
  min_subtotal: row.min_subtotal,
  starts_on: row.starts_at ? shopDayOf(row.starts_at) : null,
  ends_on: row.ends_at ? lastShopDay(row.ends_at) : null,
  usage_limit: row.usage_limit,
  per_user_limit: row.per_user_limit,
  used_count: row.used_count,
  active: row.active === 1,
});

/** The rules that span fields, each refused on its field in the reader's language. */
function checkRules(c: CouponInput): void {
  const refuse = (field: keyof CouponInput, code: ProblemCode) => {
    throw new Problem(422, code, { fields: { [field]: [code] } });
  };
  if (c.kind === 'percent' && c.value > 100) refuse('value', 'adminPromotions.percentTooBig');
  if (c.kind === 'fixed' && c.max_discount !== null) refuse('max_discount', 'adminPromotions.maxOnlyForPercent');
  if (c.starts_on && c.ends_on && c.ends_on < c.starts_on) refuse('ends_on', 'adminPromotions.endsBeforeStart');
}

const columnsOf = (c: CouponInput) => ({
  kind: c.kind,
  value: c.value,
  max_discount: c.kind === 'percent' ? c.max_discount : null,
  min_subtotal: c.min_subtotal,
  starts_at: c.starts_on ? shopDayStart(c.starts_on) : null,
  ends_at: c.ends_on ? shopDayEnd(c.ends_on) : null,
  usage_limit: c.usage_limit,
  per_user_limit: c.per_user_limit,
});

/** A page of coupons, the newest first. */
export async function listCoupons(db: ShopDb, page: number): Promise<CouponPage> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('coupons')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(COUPONS_PER_PAGE)
      .offset((page - 1) * COUPONS_PER_PAGE)
      .execute(),
    db
      .selectFrom('coupons')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  const total = toInt(count?.n);
  return { rows: rows.map(view), page, pages: Math.max(1, Math.ceil(total / COUPONS_PER_PAGE)), total };
}

export async function readCoupon(db: ShopDb, id: number): Promise<CouponView | null> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? view(row) : null;
}

/** The orders that used a coupon, the latest first (a cancelled order gives its use back and leaves this list). */
export async function couponRedemptions(db: ShopDb, id: number, limit = 100): Promise<CouponRedemptionView[]> {
  const rows = await db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.order_id', 'r.created_at', 'o.coupon_discount', 'u.first_name', 'u.last_name'])
    .where('r.coupon_id', '=', id)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    order_id: r.order_id,
    shopper: `${r.first_name} ${r.last_name}`.trim(),
    discount: r.coupon_discount,
    at: r.created_at,
  }));
}

export async function createCoupon(db: ShopDb, input: CouponInput & { code: string }, actor: StaffActor): Promise<CouponView> {
  checkRules(input);
  const code = normalizeCode(input.code);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('coupons')
        .values({ code, ...columnsOf(input), active: 1, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
      const coupon = view(row);
      await recordAudit(trx, actor, { action: 'coupon.create', subject: { type: 'coupon', id: coupon.id }, after: coupon });
      return coupon;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new Problem(409, 'adminPromotions.codeTaken', { fields: { code: ['adminPromotions.codeTaken'] } });
    }
    throw error;
  }
}

/** Changes a coupon's rules, or pauses (`active: false`) and resumes it; the checkout follows at once. */
export async function updateCoupon(
  db: ShopDb,
  id: number,
  input: { [K in keyof CouponInput]?: CouponInput[K] | undefined } & { active?: boolean | undefined },
  actor: StaffActor,
): Promise<CouponView> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new Problem(404, 'adminPromotions.couponNotFound');
    const current = view(before);
    const merged = { ...current, ...definedOnly(input) } as CouponInput;
    checkRules(merged);
    const after = await trx
      .updateTable('coupons')
      .set({ ...columnsOf(merged), ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const action = input.active === false ? 'coupon.pause' : input.active === true ? 'coupon.resume' : 'coupon.update';
    await recordAudit(trx, actor, { action, subject: { type: 'coupon', id }, before: current, after: view(after) });
    return view(after);
  });
}

/** The fields a change names (an absent field keeps its value; null clears a bound). */
const definedOnly = (o: object): Partial<CouponInput> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<CouponInput>;
