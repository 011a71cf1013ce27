import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Online payments (issue 12, docs/payments.md): which gateway carries each method and when it is offered (rules
 * as data), the payment state of an order, one row per payment attempt (unique by the provider's transaction
 * reference, so a repeated callback can only settle once), and every callback as it arrived, verified or not.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema.alterTable('payment_methods').addColumn('gateway', 'text').execute();
  // The provider's own method codes, comma separated (PayTabs payment_methods, OPay payMethod).
  await db.schema.alterTable('payment_methods').addColumn('gateway_code', 'text').execute();
  // Availability in piastres: the total an order must reach (instalment providers have a minimum) or stay under.
  await db.schema.alterTable('payment_methods').addColumn('min_total', 'integer').execute();
  await db.schema.alterTable('payment_methods').addColumn('max_total', 'integer').execute();
  await db
    .insertInto('payment_methods' as never)
    .values([
      {
        code: 'card',
        name_en: 'Card (Visa, Mastercard, Meeza)',
        name_ar: 'بطاقة (فيزا، ماستركارد، ميزة)',
        kind: 'online',
        gateway: 'paytabs',
        position: 2,
        min_total: null,
        gateway_code: 'creditcard,meeza',
      },
      {
        code: 'apple_pay',
        name_en: 'Apple Pay',
        name_ar: 'Apple Pay',
        kind: 'online',
        gateway: 'paytabs',
        position: 3,
        min_total: null,
        gateway_code: 'applepay',
      },
      {
        code: 'opay',
        name_en: 'OPay wallet',
        name_ar: 'محفظة OPay',
        kind: 'online',
        gateway: 'opay',
        position: 4,
        min_total: null,
        gateway_code: null,
      },
      // Instalments: Egyptian providers lend from a minimum basket (amounts editable here, not in code).
      {
        code: 'valu',
        name_en: 'valU instalments',
        name_ar: 'تقسيط valU',
        kind: 'instalment',
        gateway: 'paytabs',
        position: 5,
        min_total: 50000,
        gateway_code: 'valu',
      },
      {
        code: 'souhoola',
        name_en: 'Souhoola instalments',
        name_ar: 'تقسيط سهولة',
        kind: 'instalment',
        gateway: 'paytabs',
        position: 6,
        min_total: 100000,
        gateway_code: 'souhoola',
      },
      {
        code: 'tru',
        name_en: 'TRU instalments',
        name_ar: 'تقسيط TRU',
        kind: 'instalment',
        gateway: 'paytabs',
        position: 7,
        min_total: 200000,
        gateway_code: 'tru',
      },
    ] as never)
    .execute();

  // none (cash on delivery, wallet) | awaiting | paid | failed | refund_due
  await db.schema
    .alterTable('orders')
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // The provider's transaction reference (PayTabs tran_ref, OPay orderNo); ours is the cart_id / reference.
    .addColumn('tran_ref', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    // pending | paid | declined | cancelled | refund_due
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payments_provider_tran_ref', ['provider', 'tran_ref'])
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await db.schema
    .createTable('payment_callbacks')
    .addColumn('id', idType, id)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('tran_ref', 'text')
    // applied | duplicate | refused | flagged | ignored
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_pending').on('orders').columns(['status', 'created_at']).execute();
}
