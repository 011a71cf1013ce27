// `npm run bench:checkout`: checkout throughput (issue 53: the cost of keeping the reports' summaries in the placing
// transaction). CLIENTS shoppers (8 by default), each with its own account and address, place cash-on-delivery orders
// of two lines through the API (`POST /api/orders`, as the checkout does; `app.request` in this process, so the
// load generator and the shop share one event loop, as in bench:reports) for BENCH_SECONDS (5 by default); prints
// checkouts per second and their p50/p95 latency. A fresh SQLite file with the demo catalog, or the PostgreSQL of
// DATABASE_URL (an empty database of its own). The same script, copied into a checkout of another commit, measures
// that commit: docs/benchmarks.md › Reports at a million order lines › The checkout's cost.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/index.ts';
import { createApi } from '../../src/app/app.ts';
import { makeShopper } from '../../tests/support/shoppers.ts';
import { makeAddress } from '../../tests/support/orders.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const clients = Number(process.env.CLIENTS ?? 8);
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

async function run(ms) {
  const latencies = [];
  const statuses = new Map();
  const cpu = process.cpuUsage();
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
  const used = process.cpuUsage(cpu);
  latencies.sort((x, y) => x - y);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  // This process's CPU per checkout: steadier than the rate on a shared machine (SQLite runs in it; PostgreSQL's own
  // work is in its server, not counted here).
  const cpuMs = ((used.user + used.system) / 1000 / latencies.length).toFixed(2);
  return { rate: (latencies.length / (ms / 1000)).toFixed(1), p50: pick(0.5), p95: pick(0.95), cpuMs, statuses };
}

await run(1_000); // warm-up: statements prepared, pages read once
const result = await run(seconds * 1000);
const refused = [...result.statuses].filter(([s]) => s >= 300);
console.log(
  `${engine}: ${result.rate} checkouts/s, p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.cpuMs} ms CPU each ` +
    `(${clients} shoppers, ${seconds} s)` +
    (refused.length ? `; not placed: ${refused.map(([s, c]) => `${c} × ${s}`).join(', ')}` : ''),
);
await db.destroy();
if (dir) await rm(dir, { recursive: true, force: true });
