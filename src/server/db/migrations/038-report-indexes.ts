import type { Kysely } from 'kysely';

/**
 * The reports' indexes (issue 53, docs/benchmarks.md › Reports at a million order lines). A report reads a period's
 * orders by `created_at`; these indexes hold every column the reports read, so a 90-day report (beside the 90 days
 * before it) reads index entries in order and never the tables' rows: the orders' money, status, method, governorate
 * and courier; each order's lines; whether an order reached a status (order_id, status); the payments by when they
 * started; a seller's ledger lines and payouts by seller and date. No summary table: nothing is added to the order
 * transactions but these index entries (measured: docs/benchmarks.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_report_idx')
    .on('orders')
    .columns([
      'created_at',
      'status',
      'payment_method',
      'subtotal',
      'sale_discount',
      'coupon_discount',
      'shipping_fee',
      'total',
      'governorate_id',
      'courier_id',
    ])
    .execute();
  await db.schema
    .createIndex('order_lines_report_idx')
    .on('order_lines')
    .columns(['order_id', 'cancelled_at', 'product_id', 'quantity', 'line_total'])
    .execute();
  await db.schema.createIndex('order_events_order_status_idx').on('order_events').columns(['order_id', 'status']).execute();
  await db.schema
    .createIndex('payments_report_idx')
    .on('payments')
    .columns(['created_at', 'provider', 'status', 'amount'])
    .execute();
  await db.schema
    .createIndex('seller_commission_lines_report_idx')
    .on('seller_commission_lines')
    .columns(['seller_id', 'created_at', 'kind', 'gross', 'commission', 'seller_share', 'order_line_id'])
    .execute();
  await db.schema
    .createIndex('seller_payouts_report_idx')
    .on('seller_payouts')
    .columns(['seller_id', 'created_at', 'amount'])
    .execute();
}
