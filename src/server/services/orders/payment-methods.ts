import type { Locale } from '../../../i18n/locales.ts';
import type { ShopDb } from '../../db/index.ts';

export interface PaymentMethod {
  code: string;
  name: string;
  kind: string;
}

/** Enabled payment methods in display order (cash on delivery and wallet now; online ones are rows added later). */
export async function paymentMethods(db: ShopDb, locale: Locale): Promise<PaymentMethod[]> {
  const rows = await db.selectFrom('payment_methods').selectAll().where('enabled', '=', 1).orderBy('position').execute();
  return rows.map((r) => ({ code: r.code, name: locale === 'ar' ? r.name_ar : r.name_en, kind: r.kind }));
}

/** Methods this issue can settle without a gateway; an online method needs the payments issue's flow. */
export const SETTLED_HERE = new Set(['cash_on_delivery', 'wallet']);
