import { sql } from 'kysely';
import type { ShopDb } from '#server/db/index.ts';
import { runJob } from '#server/observability/job-run.ts';
import { countNewOrders, refreshOrderSummary } from './order-summaries.ts';

/**
 * The reports count new orders just after their checkout, not in it (issue 53, decision 039): the placing
 * transaction wrote a day's shared summary rows and a kept contribution for every order, which cost 5 % of the
 * checkout's throughput; a batch of a second's orders adds to each shared row once.
 *
 * - **Which orders**: those above `report_catch_up.last_order_id` (the watermark) without a kept contribution. The
 *   watermark only passes orders placed more than SETTLED_MS ago: on PostgreSQL an order's id is taken when it is
 *   inserted, so a checkout still running can commit a smaller id after a larger one was counted. A sweep from 0 every
 *   SWEEP_MS finds any order the watermark passed all the same.
 * - **When**: every CATCH_UP_MS in every instance (the watermark row's lock makes it one at a time), and before every
 *   report is read (`readySummaries`), so a report counts every order committed before it was asked for.
 * - **A change to an order not counted yet** (refreshOrderSummary finds no kept contribution) leaves its id in
 *   report_dirty_orders; the catch-up refreshes those orders after counting the new ones, which covers a change that
 *   committed after the catch-up had read the order.
 */
export const CATCH_UP_MS = 1_000;
export const SETTLED_MS = 5 * 60_000;
const SWEEP_MS = 60 * 60_000;
const BATCH = 500;

type CatchUp = { counted: number; refreshed: number };

/**
 * Counts every order not counted yet (from the watermark, or from `from`: the sweep) and refreshes the changed ones,
 * a batch of BATCH orders a transaction. Safe to run in several instances at once and to stop anywhere.
 */
export async function catchUpOrderSummaries(db: ShopDb, options: { from?: number; now?: number } = {}): Promise<CatchUp> {
  const done: CatchUp = { counted: 0, refreshed: 0 };
  for (;;) {
    const more = await db.transaction().execute(async (trx) => {
      // The watermark row, locked: catch-ups in other instances wait for this one (PostgreSQL; SQLite has one writer).
      const mark = await trx
        .updateTable('report_catch_up')
        .set({ last_order_id: sql`last_order_id` })
        .where('id', '=', 1)
        .returning('last_order_id')
        .executeTakeFirstOrThrow();
      const watermark = options.from ?? mark.last_order_id;
      const batch = await uncounted(trx, watermark, BATCH);
      await countNewOrders(trx, batch);
      done.counted += batch.length;
      const full = batch.length === BATCH;
      if (!full) {
        // After the new orders (their kept contributions now written), the changed ones, in id order.
        const dirty = await trx.deleteFrom('report_dirty_orders').returning('order_id').execute();
        const ids = [...new Set(dirty.map((d) => d.order_id))].sort((a, b) => a - b);
        for (const id of ids) await refreshOrderSummary(trx, id);
        done.refreshed += ids.length;
      }
      // Every order at or below the new mark is counted: all those committed up to the batch's last, and none placed
      // within SETTLED_MS (a checkout that may still commit below it).
      const settled = new Date((options.now ?? Date.now()) - SETTLED_MS).toISOString();
      const old = await trx
        .selectFrom('orders')
        .select(sql<number | null>`max(id)`.as('id'))
        .where('id', '>', mark.last_order_id)
        .where('created_at', '<', settled)
        .executeTakeFirst();
      let next = Number(old?.id ?? 0);
      if (full) next = Math.min(next, batch[batch.length - 1]!);
      if (next > mark.last_order_id)
        await trx.updateTable('report_catch_up').set({ last_order_id: next }).where('id', '=', 1).execute();
      return full;
    });
    if (!more) return done;
  }
}

/** Up to `limit` ids above `after`, ascending, of orders without a kept contribution. */
async function uncounted(db: ShopDb, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.id', '>', after)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('report_order_state as s').select('s.order_id').whereRef('s.order_id', '=', 'orders.id'))),
    )
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Whether a catch-up has anything to do: an order not counted, a changed one waiting, or (`settled`: the job's
 * question) orders old enough for the watermark to pass. Reads only, so an idle shop writes nothing every second.
 */
async function catchUpDue(db: ShopDb, settled?: string): Promise<boolean> {
  const mark = await db.selectFrom('report_catch_up').select('last_order_id').where('id', '=', 1).executeTakeFirst();
  const watermark = mark?.last_order_id ?? 0;
  if ((await uncounted(db, watermark, 1)).length > 0) return true;
  if ((await db.selectFrom('report_dirty_orders').select('order_id').limit(1).executeTakeFirst()) !== undefined) return true;
  if (settled === undefined) return false;
  const passable = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '>', watermark)
    .where('created_at', '<', settled)
    .limit(1)
    .executeTakeFirst();
  return passable !== undefined;
}

/**
 * Before a report is read: counts what is not counted yet, so the report includes every order committed before it
 * was asked for. Two reads when there is nothing to do (the usual case: the job runs every second).
 */
export async function readySummaries(db: ShopDb): Promise<void> {
  if (await catchUpDue(db)) await catchUpOrderSummaries(db);
}

/** The catch-up job (src/app/background-jobs.ts): every CATCH_UP_MS, and a sweep from the first order every SWEEP_MS. */
export function watchOrderSummaries(db: ShopDb): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let lastSweep = 0;
  const run = () => {
    if (running) return;
    const sweep = Date.now() - lastSweep >= SWEEP_MS;
    if (sweep) lastSweep = Date.now();
    // Logged as work only when a sweep found orders: counting a second's orders is the job's routine.
    const settled = new Date(Date.now() - SETTLED_MS).toISOString();
    running = runJob(
      'report-summaries',
      async () =>
        sweep || (await catchUpDue(db, settled))
          ? catchUpOrderSummaries(db, sweep ? { from: 0 } : {})
          : { counted: 0, refreshed: 0 },
      ({ counted, refreshed }) => !sweep || counted + refreshed === 0,
    ).finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, CATCH_UP_MS);
  timer.unref();
  // Stopping waits for a run under way: the database closes after the jobs stop.
  return async () => {
    clearInterval(timer);
    await running;
  };
}
