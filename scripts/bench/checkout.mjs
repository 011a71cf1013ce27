// `npm run bench:checkout`: checkout throughput (issue 53: the cost of keeping the reports' summaries). CLIENTS
// shoppers (8 by default), each with its own account and address, place cash-on-delivery orders of two lines through
// the API (`POST /api/orders`, as the checkout does; `app.request` in this process, so the load generator and the shop
// share one event loop, as in bench:reports) for BENCH_SECONDS (5 by default), with the reports' catch-up running every
// CATCH_UP_MS as in a serving instance (decision 039); prints checkouts per second and their p50/p95 latency. A fresh
// SQLite file with the demo catalog, or the PostgreSQL of DATABASE_URL (an empty database of its own).
// `-- --ab`: the summaries' cost alone. Slices of SLICE_MS (2 s) alternate with the catch-up off (A) and on (B) for
// BENCH_SECONDS each; the orders an A slice left uncounted are counted between slices, outside the timing, so each B
// slice pays for its own orders only. Prints both rates and B/A (docs/benchmarks.md › The checkout's cost).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/index.ts';
import { createApi } from '../../src/app/app.ts';
import { makeShopper } from '../../tests/support/shoppers.ts';
import { makeAddress } from '../../tests/support/orders.ts';
import { CATCH_UP_MS, catchUpOrderSummaries } from '../../src/core/reports/server/summary-catch-up.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const clients = Number(process.env.CLIENTS ?? 8);
const ab = process.argv.includes('--ab');
const sliceMs = Number(process.env.SLICE_MS ?? 2000);
const pg = Boolean(process.env.DATABASE_URL);
const dir = pg ? null : await mkdtemp(join(tmpdir(), 'bench-checkout-'));
const { db, engine } = await openDatabase(
  pg ? { databaseUrl: process.env.DATABASE_URL } : { sqlitePath: join(dir, 'shop.sqlite') },
);
const api = createApi({ db });
const stocked = (await db.selectFrom('products').select('id').where('price', '>', 0).orderBy('id').limit(50).execute()).map(
  (p) => p.id,
);
await db.updateTable('products').set({ stock: 1_000_000 }).where('id', 'in', stocked).execute();
const shoppers = [];
for (let i = 0; i < clients; i++) {
  const shopper = await makeShopper(db);
  shoppers.push({ ...shopper, address: (await makeAddress(db, shopper.id)).id });
}

let n = 0;
async function checkout(shopper) {
  n += 1;
  const a = stocked[n % stocked.length];
  const b = stocked[(n * 7 + 3) % stocked.length];
  const body = {
    products:
      a === b
        ? [{ product_id: a, quantity: 1 }]
        : [
            { product_id: a, quantity: 1 },
            { product_id: b, quantity: 2 },
          ],
    address_id: shopper.address,
    payment_method: 'cash_on_delivery',
  };
  const res = await api.request(
    '/api/orders',
    { method: 'POST', headers: { ...shopper.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { clientAddress: `198.18.${(n >> 8) % 250}.${n % 250}` },
  );
  await res.arrayBuffer();
  return res.status;
}

/** The catch-up every CATCH_UP_MS, as the background job runs it; stop() waits for a run under way. */
function catchingUp() {
  let running = null;
  const timer = setInterval(() => {
    running ??= catchUpOrderSummaries(db).finally(() => (running = null));
  }, CATCH_UP_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

async function run(ms, { catchUp = true } = {}) {
  const latencies = [];
  const statuses = new Map();
  const cpu = process.cpuUsage();
  const stop = catchUp ? catchingUp() : null;
  const until = performance.now() + ms;
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const status = await checkout(shopper);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  await stop?.();
  const used = process.cpuUsage(cpu);
  latencies.sort((x, y) => x - y);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  // This process's CPU per checkout: steadier than the rate on a shared machine (SQLite runs in it; PostgreSQL's own
  // work is in its server, not counted here).
  const cpuMs = ((used.user + used.system) / 1000 / latencies.length).toFixed(2);
  return {
    count: latencies.length,
    rate: (latencies.length / (ms / 1000)).toFixed(1),
    p50: pick(0.5),
    p95: pick(0.95),
    cpuMs,
    statuses,
  };
}

const notPlaced = (statuses) => {
  const refused = [...statuses].filter(([s]) => s >= 300);
  return refused.length ? `; not placed: ${refused.map(([s, c]) => `${c} × ${s}`).join(', ')}` : '';
};

await run(1_000); // warm-up: statements prepared, pages read once
if (!ab) {
  const result = await run(seconds * 1000);
  console.log(
    `${engine}: ${result.rate} checkouts/s, p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.cpuMs} ms CPU each ` +
      `(${clients} shoppers, ${seconds} s)` +
      notPlaced(result.statuses),
  );
} else {
  const arms = { off: 0, on: 0 };
  const ratios = [];
  const statuses = new Map();
  for (let slice = 0; slice < Math.ceil((seconds * 1000) / sliceMs); slice++) {
    // Alternate which arm goes first, so neither always follows the other's backlog being counted.
    const order = slice % 2 ? ['on', 'off'] : ['off', 'on'];
    const pair = {};
    for (const arm of order) {
      await catchUpOrderSummaries(db); // the previous slice's orders, outside the timing
      const result = await run(sliceMs, { catchUp: arm === 'on' });
      arms[arm] += result.count;
      pair[arm] = result.count;
      for (const [s, c] of result.statuses) statuses.set(s, (statuses.get(s) ?? 0) + c);
    }
    ratios.push(pair.on / pair.off);
  }
  ratios.sort((x, y) => x - y);
  const rate = (count) => (count / seconds).toFixed(1);
  console.log(
    `${engine}: catch-up off ${rate(arms.off)} checkouts/s, on ${rate(arms.on)} checkouts/s: on/off ` +
      `${(arms.on / arms.off).toFixed(3)} (median of ${ratios.length} pairs ${ratios[ratios.length >> 1].toFixed(3)}; ` +
      `${clients} shoppers, ${sliceMs} ms slices)` +
      notPlaced(statuses),
  );
}
await db.destroy();
if (dir) await rm(dir, { recursive: true, force: true });
