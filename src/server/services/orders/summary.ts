import type { Locale } from '#i18n/locales.ts';
import type { OrderSummaryView } from '#lib/orders/views.ts';
import type { ShopDb } from '../../db/index.ts';
import { usableMethod, withWalletRule } from './payment-methods.ts';
import { priceOrder, type OrderChoice } from './pricing.ts';
import { lineView } from './read-orders.ts';
import { freeDeliveryThreshold } from './settings.ts';
import { localField } from '#i18n/localized.ts';

/** GET /orders/summary: what the order would cost now (spec section 3 fields), and what would stop it. */
export async function orderSummary(db: ShopDb, userId: number, choice: OrderChoice, locale: Locale): Promise<OrderSummaryView> {
  const method = choice.payment_method ? await usableMethod(db, choice.payment_method) : undefined;
  const priced = await priceOrder(db, userId, withWalletRule(choice, method));
  const g = priced.governorate;
  return {
    items: priced.lines.map((l) => ({ ...lineView(l, locale), stock: l.stock })),
    unknown_ids: priced.unknownIds,
    out_of_stock_ids: priced.shortIds,
    coupon: priced.coupon?.code ?? null,
    walletBalance: priced.walletBalance,
    delivery: g
      ? {
          governorate_id: g.id,
          governorate: localField(locale, g, 'name'),
          delivery_fee: g.delivery_fee,
          delivery_days: g.delivery_days,
        }
      : null,
    free_delivery_threshold: await freeDeliveryThreshold(db),
    ...priced.totals,
  };
}
