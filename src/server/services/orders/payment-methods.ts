import type { Locale } from '#i18n/locales.ts';
import type { PaymentMethodView } from '#lib/orders/views.ts';
import type { ShopDb } from '../../db/index.ts';
import type { PaymentMethodTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { methodAvailable } from '../../payments/gateways.ts';
import { localField } from '#i18n/localized.ts';

/** A payment method as the checkout reads it (the shape is shared with the islands). */
export type PaymentMethod = PaymentMethodView;

type MethodRow = Selectable<PaymentMethodTable>;

/** Cash on delivery and the wallet settle in the order's own transaction; the others through a gateway. */
export const isOnline = (row: Pick<MethodRow, 'kind'>): boolean => row.kind === 'online' || row.kind === 'instalment';

/**
 * An online payment covers the whole total: the wallet is for cash on delivery (or pays alone). The summary and the
 * order both apply it, so the total a shopper sees is the total the provider is asked for.
 */
export const withWalletRule = <C extends { use_wallet?: boolean | undefined }>(
  choice: C,
  method: Pick<MethodRow, 'kind'> | undefined,
): C => (method && isOnline(method) ? { ...choice, use_wallet: false } : choice);

/** Whether a method's rules (data in payment_methods) allow an order of this total (piastres). */
export const allowsTotal = (row: Pick<MethodRow, 'min_total' | 'max_total'>, total: number): boolean =>
  (row.min_total === null || total >= row.min_total) && (row.max_total === null || total <= row.max_total);

/** Whether staff flagged the shopper for cash on delivery (issue 22): they may pay only in advance. */
export async function codBlocked(db: ShopDb, userId: number | undefined): Promise<boolean> {
  if (userId === undefined) return false;
  const user = await db.selectFrom('users').select('cod_blocked_at').where('id', '=', userId).executeTakeFirst();
  return Boolean(user?.cod_blocked_at);
}

/** Cash on delivery is the one offline method: what a flagged shopper is not offered. */
export const isCashOnDelivery = (row: Pick<MethodRow, 'kind'>): boolean => row.kind === 'offline';

/**
 * Enabled methods in display order; a gateway method only when its gateway can take payments here; without cash on
 * delivery for a shopper flagged for it.
 */
export async function paymentMethods(
  db: ShopDb,
  locale: Locale,
  options: { withoutCod?: boolean } = {},
): Promise<PaymentMethod[]> {
  const rows = await db.selectFrom('payment_methods').selectAll().where('enabled', '=', 1).orderBy('position').execute();
  return rows
    .filter((r) => !isOnline(r) || methodAvailable(r))
    .filter((r) => !(options.withoutCod && isCashOnDelivery(r)))
    .map((r) => ({
      code: r.code,
      name: localField(locale, r, 'name'),
      kind: r.kind,
      gateway: r.gateway,
      min_total: r.min_total,
      max_total: r.max_total,
    }));
}

/** The enabled method row, or undefined when it does not exist, is disabled or its gateway is unavailable. */
export async function usableMethod(db: ShopDb, code: string): Promise<MethodRow | undefined> {
  const row = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('code', '=', code)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!row || (isOnline(row) && !methodAvailable(row))) return undefined;
  return row;
}
