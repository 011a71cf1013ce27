import type { Locale } from '#i18n/locales.ts';
import type { CustomerProfile } from '../customer-view.ts';
import type { ShopDb } from '#server/db/index.ts';
import { Problem } from '#server/problem.ts';
import { walletStatement } from '#server/services/orders/wallet.ts';
import { localField } from '#i18n/localized.ts';

/** Everything support needs on one shopper: profile, latest orders, addresses, wallet ledger and balance, COD flag. */
export async function customerProfile(db: ShopDb, userId: number, locale: Locale): Promise<CustomerProfile> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'phone', 'email', 'created_at', 'cod_blocked_at', 'cod_blocked_reason'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new Problem(404, 'adminMoney.customerNotFound');
  const [orders, addresses, wallet] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'created_at', 'status', 'payment_method', 'payment_status', 'total', 'wallet_amount'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
    db
      .selectFrom('addresses as a')
      .innerJoin('governorates as g', 'g.id', 'a.governorate_id')
      .select(['a.id', 'a.title', 'a.city', 'a.area', 'a.street', 'a.details', 'a.is_primary', 'g.name_en', 'g.name_ar'])
      .where('a.user_id', '=', userId)
      .orderBy('a.is_primary', 'desc')
      .orderBy('a.id')
      .execute(),
    walletStatement(db, userId, locale),
  ]);
  return {
    id: user.id,
    name: `${user.first_name} ${user.last_name}`.trim(),
    phone: user.phone,
    email: user.email,
    joined: user.created_at,
    cod: { blocked: user.cod_blocked_at !== null, since: user.cod_blocked_at, reason: user.cod_blocked_reason },
    orders: orders.map((o) => ({
      id: o.id,
      createdAt: o.created_at,
      status: o.status,
      paymentMethod: o.payment_method,
      paymentStatus: o.payment_status,
      total: o.total + o.wallet_amount,
    })),
    addresses: addresses.map((a) => ({
      id: a.id,
      title: a.title,
      governorate: localField(locale, a, 'name'),
      city: a.city,
      area: a.area,
      street: a.street,
      details: a.details,
      primary: a.is_primary === 1,
    })),
    wallet: {
      balance: wallet.balance,
      entries: wallet.entries.map((e) => ({
        id: e.id,
        amount: e.amount,
        reason: e.reason,
        orderId: e.order_id,
        note: e.note,
        createdAt: e.created_at,
      })),
    },
  };
}
