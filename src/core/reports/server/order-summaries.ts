import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import {
  SUMMARY_TABLES,
  SUMMARY_TABLE_NAMES,
  contributionDelta,
  contributionOf,
  type Contribution,
  type OrderFacts,
  type SummaryRow,
  type SummaryTable,
} from '../order-contribution.ts';

/**
 * The reports' summaries (issue 53, decision in docs/back-office.md › Reports, migration 040): one writer. Whoever
 * changes what a report counts of an order — its placing, a status move, a courier, a failed delivery, a line
 * cancelled, a payment attempt or its outcome, the sellers' ledger lines at delivery and return — calls
 * `refreshOrderSummary(trx, orderId)` in that change's transaction, after the change. It reads the order's rows as they
 * are now, compares what the order adds to the summaries with what it added before (kept in report_order_state) and
 * adds the difference, so a second call changes nothing and any order of calls ends in the same sums. The lifecycle
 * (src/core/orders/server/lifecycle.ts) calls it on every status, event and payment it writes.
 * A new order is the exception (decision 039): its checkout writes nothing here, and the catch-up
 * (summary-catch-up.ts) counts new orders in batches within a second, and before any report is read. Until then an
 * order has no kept contribution, and a change to it only leaves its id for the catch-up (report_dirty_orders).
 */
type Db = Kysely<Database>;

const HAS_EVENT = (status: string) =>
  sql<number>`(select count(*) from order_events e where e.order_id = orders.id and e.status = ${status})`;

/**
 * 1 when the order's shopper placed an order before it (a smaller id that reached PLACED), else 0: the customers
 * report's returning shopper. Asked as "the shopper's first placed order comes before this one": the shopper's orders
 * in id order (orders_user_idx), stopping at the first with a PLACED event (order_events_order_status_idx). Asked as
 * `exists (… where o2.id < orders.id)`, PostgreSQL collected every earlier order of the shopper in a bitmap first: 4.6 ms
 * an order for a shopper with 150,000 orders, 9.5 s a slice of the summaries' rebuild (docs/benchmarks.md).
 */
export const RETURNING_SHOPPER = sql<number>`(case when (select o2.id from orders o2 where o2.user_id = orders.user_id and exists (select 1 from order_events e2 where e2.order_id = o2.id and e2.status = 'PLACED') order by o2.id limit 1) < orders.id then 1 else 0 end)`;

const orderColumns = [
  'orders.id',
  'orders.user_id',
  'orders.created_at',
  'orders.status',
  'orders.payment_method',
  'orders.governorate_id',
  'orders.courier_id',
  'orders.subtotal',
  'orders.sale_discount',
  'orders.coupon_discount',
  'orders.shipping_fee',
  'orders.total',
] as const;

/** The orders with ids in [first, last] (one for a refresh, a slice for the rebuild), with their rows. */
async function readFacts(db: Db, first: number, last: number): Promise<OrderFacts[]> {
  const [orders, lines] = await Promise.all([
    db
      .selectFrom('orders')
      .select(orderColumns)
      .select([
        HAS_EVENT('PLACED').as('ever_placed'),
        HAS_EVENT('ACCEPT').as('ever_confirmed'),
        HAS_EVENT('WITH_COURIER').as('ever_shipped'),
        sql<
          string | null
        >`(select e.actor from order_events e where e.order_id = orders.id and e.status = 'ACCEPT' order by e.id limit 1)`.as(
          'confirmed_by',
        ),
        sql<
          string | null
        >`(select e.created_at from order_events e where e.order_id = orders.id and e.status = 'PLACED' order by e.id limit 1)`.as(
          'placed_at',
        ),
        sql<
          string | null
        >`(select e.created_at from order_events e where e.order_id = orders.id and e.status = 'ACCEPT' order by e.id limit 1)`.as(
          'confirmed_at',
        ),
        RETURNING_SHOPPER.as('returning'),
        sql<number>`(select count(*) from delivery_failures f where f.order_id = orders.id)`.as('failures'),
        sql<number>`(select count(*) from payments p where p.order_id = orders.id)`.as('payment_count'),
      ])
      .where('orders.id', '>=', first)
      .where('orders.id', '<=', last)
      .orderBy('orders.id')
      .execute(),
    db
      .selectFrom('order_lines as l')
      .leftJoin('seller_commission_lines as c', 'c.order_line_id', 'l.id')
      .select([
        'l.id',
        'l.order_id',
        'l.product_id',
        'l.quantity',
        'l.line_total',
        'l.cancelled_at',
        'c.created_at',
        'c.seller_id',
        'c.kind',
        'c.gross',
        'c.commission',
        'c.seller_share',
      ])
      .where('l.order_id', '>=', first)
      .where('l.order_id', '<=', last)
      .execute(),
  ]);
  const byId = new Map<number, OrderFacts>();
  for (const o of orders)
    byId.set(o.id, {
      ...o,
      subtotal: Number(o.subtotal),
      sale_discount: Number(o.sale_discount),
      coupon_discount: Number(o.coupon_discount),
      shipping_fee: Number(o.shipping_fee),
      total: Number(o.total),
      ever_placed: Number(o.ever_placed),
      ever_confirmed: Number(o.ever_confirmed),
      ever_shipped: Number(o.ever_shipped),
      failures: Number(o.failures),
      returning: Number(o.returning),
      lines: [],
      payments: [],
      ledger: [],
    });
  const seen = new Set<number>();
  for (const l of lines) {
    const order = byId.get(l.order_id);
    if (!order) continue;
    if (!seen.has(l.id)) {
      seen.add(l.id);
      order.lines.push({
        product_id: l.product_id,
        quantity: l.quantity,
        line_total: l.line_total,
        cancelled_at: l.cancelled_at,
      });
    }
    if (l.kind !== null && l.created_at !== null && l.seller_id !== null)
      order.ledger.push({
        created_at: l.created_at,
        seller_id: l.seller_id,
        product_id: l.product_id,
        kind: l.kind,
        gross: Number(l.gross),
        quantity: l.quantity,
        commission: Number(l.commission),
        seller_share: Number(l.seller_share),
      });
  }
  // Payment attempts only for the orders that have some (none for cash on delivery: one statement less per checkout).
  const payments = orders.some((o) => Number(o.payment_count) > 0)
    ? await db
        .selectFrom('payments')
        .select(['order_id', 'provider', 'status', 'amount', 'created_at', 'bill_reference'])
        .where('order_id', '>=', first)
        .where('order_id', '<=', last)
        .execute()
    : [];
  for (const p of payments)
    byId.get(p.order_id)?.payments.push({
      provider: p.provider,
      status: p.status,
      amount: Number(p.amount),
      created_at: p.created_at,
      code: p.bill_reference !== null,
    });
  return [...byId.values()];
}

const CHUNK = 100;

/** Adds each row's figures to the summary row of its key (created at zero). */
/**
 * The upsert of `count` rows into a summary table, compiled once per engine, table and count (building and compiling
 * it took most of a checkout's added time, measured: docs/benchmarks.md › The checkout's cost); its parameters are
 * the rows' values in column order.
 */
const compiled = new Map<string, string>();
function upsertText(db: Db, table: SummaryTable, count: number): string {
  const key = `${db.getExecutor().adapter.constructor.name}:${table}:${count}`;
  let text = compiled.get(key);
  if (text === undefined) {
    const { keys, figures } = SUMMARY_TABLES[table];
    const columns: readonly string[] = [...keys, ...figures];
    const row = Object.fromEntries(columns.map((c) => [c, 0]));
    text = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto(table)
      .values(Array.from({ length: count }, () => row))
      .onConflict((oc) =>
        oc
          .columns([...keys])
          .doUpdateSet(
            Object.fromEntries(figures.map((f) => [f, sql`${sql.ref(`${table}.${f}`)} + ${sql.ref(`excluded.${f}`)}`])),
          ),
      )
      .compile().sql;
    compiled.set(key, text);
  }
  return text;
}

type Statement = [text: string, parameters: unknown[]];

/** Rows in the order of their key (the table's first `keys` columns). */
const byKey =
  (keys: number) =>
  (a: SummaryRow, b: SummaryRow): number => {
    for (let i = 0; i < keys; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  };

/**
 * The upserts that add each row's figures to the summary row of its key (created at zero), CHUNK rows a statement.
 * Tables in one order and each table's rows in key order: every writer takes the shared summary rows' locks in the
 * same order, so two transactions writing the same day's rows wait for each other instead of deadlocking (the
 * chaos run's concurrent checkouts, payment callbacks and desk moves deadlocked on PostgreSQL before, issue 54).
 */
function upserts(db: Db, delta: Contribution): Statement[] {
  const statements: Statement[] = [];
  for (const table of SUMMARY_TABLE_NAMES) {
    const rows: readonly SummaryRow[] = [...(delta[table] ?? [])].sort(byKey(SUMMARY_TABLES[table].keys.length));
    for (let i = 0; i < rows.length; i += CHUNK) {
      const slice = rows.slice(i, i + CHUNK);
      statements.push([upsertText(db, table, slice.length), slice.flat()]);
    }
  }
  return statements;
}

async function addContribution(db: Db, delta: Contribution): Promise<void> {
  for (const statement of upserts(db, delta)) await db.executeQuery(CompiledQuery.raw(...statement));
}

/** Brings the summaries up to date with one order's rows as they are now, inside the caller's transaction. */
export async function refreshOrderSummary(trx: Db, orderId: number): Promise<void> {
  // Takes the order's summary row (its lock on PostgreSQL) before reading the order: two transactions refreshing one
  // order add their differences one after the other, the second from what the first left.
  const kept = await trx
    .updateTable('report_order_state')
    .set({ contribution: sql`contribution` })
    .where('order_id', '=', orderId)
    .returning('contribution')
    .executeTakeFirst();
  if (!kept) {
    // Not counted yet (placed moments ago): the catch-up counts it as it is then, and comes back to it for a change
    // it may not have seen (its read of the order can come before this transaction's commit).
    await trx.insertInto('report_dirty_orders').values({ order_id: orderId }).execute();
    return;
  }
  const [facts] = await readFacts(trx, orderId, orderId);
  const after = facts ? contributionOf(facts) : {};
  const text = JSON.stringify(after);
  if (kept.contribution === text) return;
  const before = JSON.parse(kept.contribution) as Contribution;
  await addContribution(trx, contributionDelta(before, after));
  await trx.updateTable('report_order_state').set({ contribution: text }).where('order_id', '=', orderId).execute();
  // Placed only now (an online order paid, a kiosk code paid late): the shopper's later orders are returning now.
  if (facts && !before.report_customer_days && after.report_customer_days) {
    const later = await trx
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', facts.user_id)
      .where('id', '>', orderId)
      .execute();
    for (const { id } of later) await refreshOrderSummary(trx, id);
  }
}

/**
 * Counts orders not counted yet (the catch-up's batch, summary-catch-up.ts: `ids` ascending, none with a kept
 * contribution) inside the caller's transaction: their contributions summed in memory, so a batch of a day's orders
 * adds to each shared summary row once, and each order's contribution kept (`{}` for an online order still unpaid:
 * kept all the same, since "no kept contribution" means "not counted yet").
 */
export async function countNewOrders(trx: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const wanted = new Set(ids);
  const first = ids[0]!;
  const last = ids[ids.length - 1]!;
  // One read of the id range when the batch fills most of it (new orders); one per order for a sparse batch (the
  // sweep finding an order the range left behind) rather than every counted order between them.
  const facts =
    last - first < 4 * ids.length
      ? await readFacts(trx, first, last)
      : (await Promise.all(ids.map((id) => readFacts(trx, id, id)))).flat();
  const sums: Contribution = {};
  const states: { order_id: number; contribution: string }[] = [];
  for (const order of facts) {
    if (!wanted.has(order.id)) continue;
    const contribution = contributionOf(order);
    states.push({ order_id: order.id, contribution: JSON.stringify(contribution) });
    for (const table of SUMMARY_TABLE_NAMES) {
      const rows = contribution[table];
      if (rows?.length) (sums[table] ??= []).push(...rows);
    }
  }
  for (let i = 0; i < states.length; i += 500)
    await trx
      .insertInto('report_order_state')
      .values(states.slice(i, i + 500))
      .execute();
  await addContribution(trx, contributionDelta({}, sums));
}

/**
 * Computes every summary again from the rows (migration 040's backfill; a benchmark that seeds rows by SQL): empties
 * them, then reads the orders a slice of ids at a time, sums their contributions in memory and writes the sums.
 */
export async function rebuildOrderSummaries(db: Db, slice = 2_000): Promise<void> {
  for (const table of ['report_order_state' as const, ...SUMMARY_TABLE_NAMES]) await db.deleteFrom(table).execute();
  const bounds = await db
    .selectFrom('orders')
    .select([sql<number>`min(id)`.as('first'), sql<number>`max(id)`.as('last')])
    .executeTakeFirst();
  if (!bounds || bounds.first === null) return;
  const sums = new Map<SummaryTable, SummaryRow[]>();
  const flush = async () => {
    await addContribution(db, contributionDelta({}, Object.fromEntries(sums)));
    sums.clear();
  };
  let added = 0;
  for (let first = Number(bounds.first); first <= Number(bounds.last); first += slice) {
    const facts = await readFacts(db, first, first + slice - 1);
    const states: { order_id: number; contribution: string }[] = [];
    for (const order of facts) {
      const contribution = contributionOf(order);
      states.push({ order_id: order.id, contribution: JSON.stringify(contribution) });
      for (const table of SUMMARY_TABLE_NAMES) {
        const rows = contribution[table];
        if (!rows?.length) continue;
        const into = sums.get(table) ?? [];
        into.push(...rows);
        added += rows.length;
        sums.set(table, into);
      }
    }
    for (let i = 0; i < states.length; i += 500)
      await db
        .insertInto('report_order_state')
        .values(states.slice(i, i + 500))
        .execute();
    if (added > 200_000) {
      await flush();
      added = 0;
    }
  }
  await flush();
}
