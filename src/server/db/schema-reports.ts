/**
 * The reports' summaries (issue 53, migration 040, src/core/reports/server/order-summaries.ts): sums per Cairo day,
 * written in the transactions that change what they sum. Money in piastres; counts and money are summed as bigint on
 * PostgreSQL (they come back as strings there: read them with Number).
 */
type Sum = number | string;

export interface ReportTables {
  /** What each order adds to the summaries now (JSON of its rows), so a change adds only the difference. */
  report_order_state: { order_id: number; contribution: string };
  /** The one row (id 1): every order at or below `last_order_id` is counted (migration 047, summary-catch-up.ts). */
  report_catch_up: { id: number; last_order_id: number };
  /** Orders changed before the catch-up counted them: it brings them up to date on its next run (migration 047). */
  report_dirty_orders: { order_id: number };
  /**
   * The placed orders by their Cairo day of placing, payment method, who confirmed them first ('' for nobody yet) and
   * slot (order id mod 8: fewer writers per row).
   */
  report_order_days: {
    day: string;
    payment_method: string;
    actor: string;
    slot: number;
    placed: Sum;
    confirmed: Sum;
    shipped: Sum;
    delivered: Sum;
    cancelled: Sum;
    returned: Sum;
    open: Sum;
    gross: Sum;
    sale_discounts: Sum;
    coupon_discounts: Sum;
    refunds: Sum;
    net: Sum;
    delivery_fees: Sum;
    amount: Sum;
  };
  /** Cash-on-delivery orders handed to a courier, by the day they were placed, governorate and courier (0: none). */
  report_delivery_days: {
    day: string;
    governorate_id: number;
    courier_id: number;
    shipped: Sum;
    delivered: Sum;
    failed_attempts: Sum;
    returned: Sum;
  };
  /** The lines that stand of the placed orders that stand, by the order's day and the product. */
  report_product_days: { day: string; product_id: number; net: Sum; units: Sum };
  /** Payment attempts by the day they started, provider and slot. */
  report_payment_days: {
    day: string;
    provider: string;
    slot: number;
    attempts: Sum;
    paid: Sum;
    failed: Sum;
    pending: Sum;
    paid_amount: Sum;
    /** The attempts that were kiosk payment codes (bill_reference), paid and expired, and their amounts (044). */
    codes: Sum;
    codes_paid: Sum;
    codes_expired: Sum;
    codes_paid_amount: Sum;
    codes_expired_amount: Sum;
  };
  /** Confirmed COD orders by their day of placing, who confirmed first and the bucket of minutes to confirm (044). */
  report_confirm_days: { day: string; actor: string; minutes: number; orders: Sum };
  /** Placed orders by day, governorate and whether the shopper had placed one before (1/0) (044), in slots (045). */
  report_customer_days: {
    day: string;
    governorate_id: number;
    returning: number;
    slot: number;
    orders: Sum;
    standing: Sum;
    net: Sum;
  };
  /** The sellers' commission lines by the day the ledger wrote them, seller and product. */
  report_seller_days: {
    seller_id: number;
    day: string;
    product_id: number;
    sales: Sum;
    units: Sum;
    returns: Sum;
    commission: Sum;
    earnings: Sum;
  };
}
