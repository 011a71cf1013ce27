// `npm run bench:search -- --instances 4` (issue 54, decision 038): N built shop instances on the PostgreSQL that
// DATABASE_URL names, sharing its search (no index in any instance), driven with autocomplete requests spread over
// all of them. Prints each instance's time to ready (/api/health 200) and memory, and the suggestions' latency:
// one request at a time (the query's own cost), then under load (BENCH_CONNECTIONS, default 40, split over the
// instances), each with texts never asked before (word + lot number: no answer cache helps) and with the 12 texts of
// the other benchmarks (remembered per catalog version). Seed first: `npm run seed -- --products 100000`.
// BENCH_HEAP_MB caps each instance's heap (see below).
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { texts } from './scale-endpoints.mjs';
import { freePort, startShop } from './shop-process.mjs';

const { values } = parseArgs({ options: { instances: { type: 'string', default: '4' } } });
const count = Number(values.instances);
if (!process.env.DATABASE_URL) {
  console.error('bench:search measures the PostgreSQL search: set DATABASE_URL');
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 40);
// BENCH_HEAP_MB: each instance's old space capped (--max-old-space-size), as an operator may run a cluster's instances.
const heapMb = process.env.BENCH_HEAP_MB ? Number(process.env.BENCH_HEAP_MB) : undefined;

const servers = [];
process.on('exit', () => servers.forEach((s) => void s.stop()));
for (let i = 0; i < count; i += 1) {
  const port = await freePort();
  servers.push({
    ...startShop({ port, heapMb, env: { ...process.env, BUILDS_DIR: process.env.BUILDS_DIR ?? 'builds' } }),
    spawned: performance.now(),
  });
}
// Ready = /api/health answers 200 (on PostgreSQL there is no index to wait for).
await Promise.all(
  servers.map(async (server) => {
    for (let i = 0; i < 1200; i += 1) {
      const ok = await fetch(`${server.base}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) {
        server.readyAfter = ((performance.now() - server.spawned) / 1000).toFixed(1);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${server.base} never became ready`);
  }),
);

// Memory once every instance answers, before any search (nothing built, nothing remembered yet).
const atReady = servers.map((s) => s.memory());
const { total } = await fetch(`${servers[0].base}/api/products?per_page=1`)
  .then((r) => r.json())
  .then((b) => ({ total: b.meta.total }));
let n = 0;
const uncached = () =>
  `/api/autocomplete?q=${encodeURIComponent(`${texts[n % texts.length]} ${++n}`)}&lang=${n % 2 ? 'ar-SA' : 'en-US'}`;
const cached = () => `/api/autocomplete?q=${encodeURIComponent(texts[n++ % texts.length])}&lang=${n % 2 ? 'ar-SA' : 'en-US'}`;
const listing = () => `/api/products?query=${encodeURIComponent(texts[n++ % texts.length])}&per_page=24&page=${1 + (n % 5)}`;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const row = (name, latencies, extra = {}) => {
  latencies.sort((a, b) => a - b);
  return {
    measure: name,
    requests: latencies.length,
    'p50 ms': pct(latencies, 50).toFixed(1),
    'p95 ms': pct(latencies, 95).toFixed(1),
    'p99 ms': pct(latencies, 99).toFixed(1),
    ...extra,
  };
};

/** One request at a time, round robin over the instances. */
async function sequential(next, requests) {
  const latencies = [];
  for (let i = 0; i < requests; i += 1) {
    const server = servers[i % servers.length];
    const started = performance.now();
    const res = await fetch(server.base + next());
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${res.status} from ${server.base}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Under load: autocannon on every instance at once, the connections split between them. */
async function loaded(next) {
  const latencies = [];
  let non2xx = 0;
  const results = await Promise.all(
    servers.map((server) => {
      const run = autocannon({
        url: server.base,
        connections: Math.max(1, Math.round(connections / servers.length)),
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
      });
      run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
      return run;
    }),
  );
  for (const r of results) non2xx += r.non2xx + r.errors;
  return { latencies, rps: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)), non2xx };
}

// Warm up (JIT, pools, statement plans), untimed.
await sequential(uncached, 40);
const rows = [];
rows.push(row('autocomplete, new texts, one at a time', await sequential(uncached, 400)));
rows.push(row('search listing, one at a time', await sequential(listing, 200)));
for (const [name, next] of [
  ['autocomplete, new texts, under load', uncached],
  ['autocomplete, 12 texts (remembered), under load', cached],
  ['search listing, under load', listing],
]) {
  const { latencies, rps, non2xx } = await loaded(next);
  rows.push(row(name, latencies, { 'req/s': rps, non2xx }));
}
const memory = servers.map((s) => s.memory());
await Promise.all(servers.map((s) => s.stop()));

console.log(
  `${count} instances on PostgreSQL, ${total} products; load: ${connections} connections over the instances, ${seconds} s each` +
    (heapMb ? `; old space capped at ${heapMb} MB` : ''),
);
console.table(rows);
servers.forEach((s, i) =>
  console.log(
    `instance ${i + 1}: ready ${s.readyAfter} s after spawn; memory ${atReady[i].resident} MB resident when ready, ${memory[i].resident} MB after the run, ${memory[i].peak} MB at peak`,
  ),
);
process.exit(0);
