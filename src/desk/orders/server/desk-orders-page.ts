import { DeskQuerySchema } from '#lib/schemas/admin-orders.ts';
import { safeParse } from 'zod/mini';
import type { ShopDb } from '#server/db/index.ts';
import { deskFilterOf, listDeskOrders, type DeskFilter } from './desk-list.ts';
import { activeCouriers } from './desk-order.ts';

/** The desk list's filters read from the page's URL (anything malformed is ignored, as a shop listing does). */
export function deskFilterFrom(url: URL): DeskFilter {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (v !== '') raw[k] = v;
  const parsed = safeParse(DeskQuerySchema, raw);
  return deskFilterOf(parsed.success ? parsed.data : {});
}

/** What the orders list page draws: the page of orders and the choices of its filters. */
export async function loadDeskList(db: ShopDb, url: URL) {
  const filter = deskFilterFrom(url);
  const [result, methods, governorates, couriers] = await Promise.all([
    listDeskOrders(db, filter),
    db.selectFrom('payment_methods').select(['code', 'name_en', 'name_ar']).orderBy('position').execute(),
    db.selectFrom('governorates').select(['id', 'name_en', 'name_ar']).orderBy('name_en').execute(),
    activeCouriers(db),
  ]);
  return { filter, result, methods, governorates, couriers };
}
