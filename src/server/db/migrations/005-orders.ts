import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Orders, their lines, coupons and redemptions, the wallet ledger, idempotency keys, payment methods and shop
 * settings (issue 11). Money is integer piastres; every order keeps a copy of its lines, prices and address.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  // 1,000 EGP, as the "free delivery over 1,000 EGP" offer promises.
  await db
    .insertInto('shop_settings' as never)
    .values({ key: 'free_delivery_threshold', value: '100000' } as never)
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    // offline (cash on delivery), wallet, online (hosted payment page: the payments issue).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('payment_methods' as never)
    .values([
      { code: 'cash_on_delivery', name_en: 'Cash on delivery', name_ar: 'الدفع عند الاستلام', kind: 'offline', position: 0 },
      { code: 'wallet', name_en: 'Wallet', name_ar: 'المحفظة', kind: 'wallet', position: 1 },
    ] as never)
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', idType, id)
    // Stored uppercased; shoppers type any case.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    // percent: 1..100; fixed: piastres.
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('max_discount', 'integer')
    .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_user_limit', 'integer')
    // Kept with a conditional UPDATE (used_count < usage_limit) so the limit holds under concurrency.
    .addColumn('used_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used_count >= 0`),
    )
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('sale_discount', 'integer', (c) => c.notNull())
    .addColumn('coupon_discount', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('coupon_code', 'text')
    .addColumn('shipping_fee', 'integer', (c) => c.notNull())
    .addColumn('wallet_amount', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
    // The address as it was when the order was placed (later edits of the address book don't change it).
    .addColumn('address_id', 'integer')
    .addColumn('address_title', 'text', (c) => c.notNull())
    .addColumn('address_country', 'text', (c) => c.notNull())
    .addColumn('governorate_id', 'integer', (c) => c.notNull())
    .addColumn('governorate_en', 'text', (c) => c.notNull())
    .addColumn('governorate_ar', 'text', (c) => c.notNull())
    .addColumn('address_city', 'text', (c) => c.notNull())
    .addColumn('address_area', 'text', (c) => c.notNull())
    .addColumn('address_street', 'text', (c) => c.notNull())
    .addColumn('address_details', 'text', (c) => c.notNull())
    .addColumn('delivery_days', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('before_discount', 'integer')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('line_total', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').column('order_id').execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', idType, id)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_redemptions_user_idx').on('coupon_redemptions').columns(['coupon_id', 'user_id']).execute();

  await db.schema
    .createTable('wallet_ledger')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // Signed piastres: credits positive, debits negative. The balance is the sum, never stored.
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount <> 0`))
    // order_payment | order_refund | credit
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_ledger_user_idx').on('wallet_ledger').columns(['user_id', 'id']).execute();

  // One row per (shopper, key): the unique index is what makes 10 concurrent retries place one order.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}
