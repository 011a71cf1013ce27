import { cairoDayOfHour } from '#lib/reports/report-period.ts';

/**
 * What one order adds to the reports' summaries (issue 53, migration 040): pure, from the order's rows as they are
 * now. The definitions are the reports' own (docs/back-office.md › Reports): an order counts from the Cairo day it was
 * placed, and only once placed (an online order whose payment never came is not one); each figure says how far it
 * has come by now. The summaries hold the sum of every order's contribution; a change of an order adds the difference
 * between its contribution before and after (./server/order-summaries.ts).
 */
export const SUMMARY_TABLES = {
  report_order_days: {
    // actor: who confirmed the order first ('' for nobody yet), the COD report's channel.
    keys: ['day', 'payment_method', 'actor', 'slot'],
    figures: [
      'placed',
      'confirmed',
      'shipped',
      'delivered',
      'cancelled',
      'returned',
      'open',
      'gross',
      'sale_discounts',
      'coupon_discounts',
      'refunds',
      'net',
      'delivery_fees',
      'amount',
    ],
  },
  report_delivery_days: {
    keys: ['day', 'governorate_id', 'courier_id'],
    figures: ['shipped', 'delivered', 'failed_attempts', 'returned'],
  },
  report_product_days: { keys: ['day', 'product_id'], figures: ['net', 'units'] },
  report_payment_days: {
    keys: ['day', 'provider', 'slot'],
    // codes_*: the attempts that were kiosk payment codes (payments.bill_reference: Fawry, Aman, Masary), migration 044.
    figures: [
      'attempts',
      'paid',
      'failed',
      'pending',
      'paid_amount',
      'codes',
      'codes_paid',
      'codes_expired',
      'codes_paid_amount',
      'codes_expired_amount',
    ],
  },
  report_seller_days: {
    keys: ['seller_id', 'day', 'product_id'],
    figures: ['sales', 'units', 'returns', 'commission', 'earnings'],
  },
  // Migration 044. A confirmed COD order by the day it was placed, who confirmed it first and its time from the PLACED
  // event to that first ACCEPT, as the start of its bucket in minutes (confirmBucket): medians and the 90th percentile
  // are read from these counts.
  report_confirm_days: { keys: ['day', 'actor', 'minutes'], figures: ['orders'] },
  // Migration 044. Placed orders by day, governorate and whether the shopper had placed an order before (returning):
  // standing = not cancelled; net as report_order_days'. Slot: migration 045 (most of a day's orders share one
  // governorate and are returning: on PostgreSQL every checkout waited for that one row's lock).
  report_customer_days: { keys: ['day', 'governorate_id', 'returning', 'slot'], figures: ['orders', 'standing', 'net'] },
} as const;
export type SummaryTable = keyof typeof SUMMARY_TABLES;
export const SUMMARY_TABLE_NAMES = Object.keys(SUMMARY_TABLES) as SummaryTable[];

/** A summary row: its key values, then its figures, in the order SUMMARY_TABLES names them. */
export type SummaryRow = (string | number)[];
export type Contribution = Partial<Record<SummaryTable, SummaryRow[]>>;

/** Writers of a row per order share it among this many rows of a day (fewer transactions wait on one row). */
export const SLOTS = 8;

export interface OrderFacts {
  id: number;
  user_id: number;
  created_at: string;
  status: string;
  payment_method: string;
  governorate_id: number;
  courier_id: number | null;
  subtotal: number;
  sale_discount: number;
  coupon_discount: number;
  shipping_fee: number;
  total: number;
  /** Whether the order's timeline holds these statuses (1/0, or a count). */
  ever_placed: number;
  ever_confirmed: number;
  ever_shipped: number;
  /** Who confirmed it first (the first ACCEPT event's actor), or null. */
  confirmed_by: string | null;
  /** When it was placed (its first PLACED event) and first confirmed (its first ACCEPT event), or null. */
  placed_at: string | null;
  confirmed_at: string | null;
  /** 1 when the same shopper placed an order before this one (a smaller id with a PLACED event), else 0. */
  returning: number;
  failures: number;
  lines: { product_id: number; quantity: number; line_total: number; cancelled_at: string | null }[];
  /** code: a kiosk payment code was issued for it (payments.bill_reference). */
  payments: { provider: string; status: string; amount: number; created_at: string; code: boolean }[];
  /** The sellers' commission lines of the order's lines, with the line's product and quantity. */
  ledger: {
    created_at: string;
    seller_id: number;
    product_id: number;
    kind: string;
    gross: number;
    quantity: number;
    commission: number;
    seller_share: number;
  }[];
}

/** The Cairo day of an ISO instant (Cairo's offset is whole hours: the UTC hour decides it). */
export const dayOf = (iso: string): string => cairoDayOfHour(iso.slice(0, 13));

const CONFIRMED = ['ACCEPT', 'PREPARE', 'READY_TO_SHIP', 'WITH_COURIER', 'DELIVERED'];
export const PAID_PAYMENTS = ['paid', 'refund_due', 'refunded'];
export const FAILED_PAYMENTS = ['declined', 'cancelled', 'expired'];
const bit = (yes: boolean) => (yes ? 1 : 0);

/**
 * The bucket of a time to confirm, as its first minute: quarter hours up to 48 hours, whole hours after. The report's
 * median and 90th percentile are the bucket's start (to the quarter hour), the same on both engines.
 */
export function confirmBucket(minutes: number): number {
  const m = Math.max(0, Math.floor(minutes));
  return m < 2880 ? m - (m % 15) : m - (m % 60);
}

/** Rows with equal keys added together (two lines of one product, two payments of a day). */
class Rows {
  // No parameter property: the terminal commands run this file with Node's type stripping, which refuses them.
  private readonly rows = new Map<string, SummaryRow>();
  private readonly keyCount: number;
  constructor(keyCount: number) {
    this.keyCount = keyCount;
  }
  add(row: SummaryRow): void {
    const key = JSON.stringify(row.slice(0, this.keyCount));
    const into = this.rows.get(key);
    if (!into) this.rows.set(key, [...row]);
    else for (let i = this.keyCount; i < row.length; i++) into[i] = Number(into[i]) + Number(row[i]);
  }
  list(): SummaryRow[] {
    return [...this.rows.values()];
  }
}

function orderRows(o: OrderFacts, day: string): Contribution {
  const cancelled = o.status === 'CANCELED';
  const confirmed = CONFIRMED.includes(o.status) || (cancelled && o.ever_confirmed > 0);
  const shipped =
    o.status === 'WITH_COURIER' ||
    o.status === 'DELIVERED' ||
    ((o.status === 'READY_TO_SHIP' || cancelled) && o.ever_shipped > 0);
  const returned = cancelled && o.ever_shipped > 0;
  const delivered = o.status === 'DELIVERED';
  const items = o.subtotal - o.sale_discount - o.coupon_discount;
  const out: Contribution = {
    report_order_days: [
      [
        day,
        o.payment_method,
        o.confirmed_by ?? '',
        o.id % SLOTS,
        1,
        bit(confirmed),
        bit(shipped),
        bit(delivered),
        bit(cancelled && !returned),
        bit(returned),
        bit(!cancelled && !delivered),
        o.subtotal,
        o.sale_discount,
        o.coupon_discount,
        cancelled ? items : 0,
        cancelled ? 0 : items,
        cancelled ? 0 : o.shipping_fee,
        o.total,
      ],
    ],
  };
  if (o.payment_method === 'cash_on_delivery' && shipped)
    out.report_delivery_days = [[day, o.governorate_id, o.courier_id ?? 0, 1, bit(delivered), o.failures, bit(returned)]];
  if (o.payment_method === 'cash_on_delivery' && o.confirmed_by !== null && o.confirmed_at && o.placed_at) {
    const minutes = (Date.parse(o.confirmed_at) - Date.parse(o.placed_at)) / 60_000;
    out.report_confirm_days = [[day, o.confirmed_by, confirmBucket(minutes), 1]];
  }
  out.report_customer_days = [
    [day, o.governorate_id, o.returning > 0 ? 1 : 0, o.id % SLOTS, 1, bit(!cancelled), cancelled ? 0 : items],
  ];
  if (!cancelled) {
    const products = new Rows(2);
    for (const l of o.lines) if (l.cancelled_at === null) products.add([day, l.product_id, l.line_total, l.quantity]);
    out.report_product_days = products.list();
  }
  return out;
}

export function contributionOf(o: OrderFacts): Contribution {
  const placed = o.status !== 'PENDING' && (o.status !== 'CANCELED' || o.ever_placed > 0);
  const out: Contribution = placed ? orderRows(o, dayOf(o.created_at)) : {};
  if (o.payments.length) {
    const payments = new Rows(3);
    for (const p of o.payments) {
      const paid = PAID_PAYMENTS.includes(p.status);
      const expired = p.status === 'expired';
      payments.add([
        dayOf(p.created_at),
        p.provider,
        o.id % SLOTS,
        1,
        bit(paid),
        bit(FAILED_PAYMENTS.includes(p.status)),
        bit(p.status === 'pending'),
        paid ? p.amount : 0,
        bit(p.code),
        bit(p.code && paid),
        bit(p.code && expired),
        p.code && paid ? p.amount : 0,
        p.code && expired ? p.amount : 0,
      ]);
    }
    out.report_payment_days = payments.list();
  }
  if (o.ledger.length) {
    const sellers = new Rows(3);
    for (const c of o.ledger) {
      const sale = c.kind === 'sale';
      sellers.add([
        c.seller_id,
        dayOf(c.created_at),
        c.product_id,
        sale ? c.gross : 0,
        sale ? c.quantity : 0,
        sale ? 0 : -c.gross,
        c.commission,
        c.seller_share,
      ]);
    }
    out.report_seller_days = sellers.list();
  }
  return out;
}

/**
 * What to add to the summaries when an order's contribution goes from `before` to `after`: per table, the rows whose
 * figures changed and by how much (keys sorted, so every writer takes the rows' locks in one order).
 */
export function contributionDelta(before: Contribution, after: Contribution): Contribution {
  const out: Contribution = {};
  for (const table of SUMMARY_TABLE_NAMES) {
    const keyCount = SUMMARY_TABLES[table].keys.length;
    const sums = new Map<string, SummaryRow>();
    const add = (rows: SummaryRow[] | undefined, sign: number) => {
      for (const row of rows ?? []) {
        const key = JSON.stringify(row.slice(0, keyCount));
        const into = sums.get(key) ?? [...row.slice(0, keyCount), ...row.slice(keyCount).map(() => 0)];
        for (let i = keyCount; i < row.length; i++) into[i] = Number(into[i]) + sign * Number(row[i]);
        sums.set(key, into);
      }
    };
    add(before[table], -1);
    add(after[table], 1);
    const changed = [...sums.entries()]
      .filter(([, row]) => row.slice(keyCount).some((v) => v !== 0))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
    if (changed.length) out[table] = changed;
  }
  return out;
}
