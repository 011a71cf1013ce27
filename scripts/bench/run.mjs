// `npm run bench`: starts the built shop on a free loopback port (its own process, so the load generator
// does not share its event loop), drives it with autocannon at 50 connections, prints p50/p95/p99 latency
// and requests per second per endpoint, then stops it. The trivial liveness route of the same server
// (/api/health/live, issue 56) is measured in the same run as the ceiling. Bounded: BENCH_SECONDS (default 10) per endpoint.
// Uses the database of DATABASE_PATH / DATABASE_URL; seed it first: `npm run seed -- --products 5000`.
// `npm run bench -- --products 100000` (issue 25): seeds a scratch database data/bench-100000.sqlite up to that many
// generated products (unless DATABASE_PATH / DATABASE_URL says otherwise), then measures the uncached shopper paths
// with random ids and pages (scale-endpoints.mjs), the search index's start and the server's memory.
// `npm run bench -- --against <commit>` (issue 56): this tree and another commit, built in a scratch folder, measured
// side by side in one run (side-by-side.mjs).
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { scaleEndpoints, texts } from './scale-endpoints.mjs';
import { freePort, seedScratchCatalog, startShop, waitUntilServing } from './shop-process.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    against: { type: 'string' },
    port: { type: 'string' },
    'against-port': { type: 'string' },
    rounds: { type: 'string' },
    together: { type: 'boolean' },
  },
});
if (args.against !== undefined) {
  const { sideBySide } = await import('./side-by-side.mjs');
  await sideBySide(args);
  process.exit(0);
}
const scale = args.products === undefined ? undefined : Number(args.products);
const env = { ...process.env };
if (scale !== undefined) {
  if (!Number.isInteger(scale) || scale < 0) throw new Error('--products must be a whole number');
  if (!env.DATABASE_URL) env.DATABASE_PATH ??= `data/bench-${scale}.sqlite`;
  const total = seedScratchCatalog(scale, env);
  console.log(`Catalog: ${total} products (${env.DATABASE_URL ? 'DATABASE_URL' : env.DATABASE_PATH}).`);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

const port = args.port ? Number(args.port) : await freePort();
const spawned = performance.now();
// BENCH_HEAP_MB=768: the server's V8 heap capped as on an instance with 1 GB of memory (README, Production). Without
// it V8 sizes its heap from the machine's memory and lets garbage pile up to gigabytes before collecting it.
const heapMb = process.env.BENCH_HEAP_MB;
const server = startShop({ port, env: { ...env, BUILDS_DIR: process.env.BUILDS_DIR ?? 'builds' }, heapMb });
const base = server.base;
process.on('exit', () => void server.stop());
setTimeout(
  () => {
    console.error('bench: time limit reached, stopping');
    process.exit(1);
  },
  (seconds * 8 + 120) * 1000,
).unref();

// The search index is built at start (decision 013); a shopper's first search should not wait for it.
await waitUntilServing(base);
const searchReadyAfter = ((performance.now() - spawned) / 1000).toFixed(1);

// Varied texts, so the autocomplete is not measured on one cached answer.
const words = texts;
const endpoints = [
  { name: 'ceiling: GET /api/health/live', paths: ['/api/health/live'] },
  { name: 'GET /api/health (readiness)', paths: ['/api/health'] },
  { name: 'GET /api/autocomplete?q=…', paths: words.map((w) => `/api/autocomplete?q=${encodeURIComponent(w)}&lang=ar-SA`) },
  {
    // Word + lot number: every request a text not seen before, so the answer cache never helps.
    name: 'GET /api/autocomplete?q=… (uncached)',
    paths: Array.from(
      { length: 60_000 },
      (_, n) => `/api/autocomplete?q=${encodeURIComponent(`${words[n % words.length]} ${n + 1}`)}`,
    ),
    warm: false,
  },
  { name: 'GET /api/products?query=…', paths: words.map((w) => `/api/products?query=${encodeURIComponent(w)}&per_page=24`) },
  { name: 'GET /api/products?category=1&sort=price_asc', paths: ['/api/products?category=1&sort=price_asc&page=2'] },
  {
    name: 'page /en/products?query=… (on demand)',
    paths: words.map((w) => `/en/products?query=${encodeURIComponent(w)}`),
    page: true,
  },
  // On-demand pages behind the render cache (decision 008): the ratio to /api/health/live is printed for each.
  {
    name: 'page /en|ar/single-product/{id} (50 products)',
    paths: Array.from({ length: 50 }, (_, n) => `/${n % 2 ? 'ar' : 'en'}/single-product/${1 + n * 3}`),
    page: true,
  },
  { name: 'page /en/products?category=1&sort=price_asc', paths: ['/en/products?category=1&sort=price_asc'], page: true },
  {
    name: 'page /en/products?category=1&in_stock=1&sort=price_desc&page=2',
    paths: ['/en/products?category=1&in_stock=1&sort=price_desc&page=2'],
    page: true,
  },
  {
    name: 'page /ar/seller-profile/1?query=…',
    paths: words.map((w) => `/ar/seller-profile/1?query=${encodeURIComponent(w)}`),
    page: true,
  },
  {
    name: 'page /en|ar/seller-profile (directory, ?query=…)',
    paths: ['/en/seller-profile', '/ar/seller-profile', ...words.map((w) => `/en/seller-profile?query=${encodeURIComponent(w)}`)],
    page: true,
  },
];

let firstSearchMs;
if (scale !== undefined) {
  const { shape, endpoints: random, firstSearch } = await scaleEndpoints(base);
  const started = performance.now();
  await fetch(base + firstSearch).then((r) => r.arrayBuffer());
  firstSearchMs = (performance.now() - started).toFixed(1);
  endpoints.splice(2, endpoints.length - 2, ...random);
  console.log(`${shape.products} products, ids up to ${shape.maxId}; category pages: ${[...shape.pages.values()].join(', ')}`);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const rows = [];
// BENCH_ONLY=<text>: only the endpoints whose name contains it (the ceiling always runs first).
const only = process.env.BENCH_ONLY;
// The same server warmed up first (JIT, database, catalog watch), untimed; the ceiling runs again at the end and
// each ratio is against the mean of both ceiling runs, so other jobs on the machine skew it less.
await autocannon({ url: `${base}/api/health/live`, connections, duration: 2 });
const selected = endpoints.filter((e, i) => i === 0 || !only || e.name.includes(only));
for (const endpoint of [...selected, { ...endpoints[0], name: 'ceiling again: GET /api/health/live' }]) {
  // Warm up: the first request builds the search index.
  const paths = endpoint.paths ?? Array.from({ length: 20 }, endpoint.next);
  if (endpoint.warm !== false) for (const path of paths) await fetch(base + path).then((r) => r.arrayBuffer());
  else await fetch(base + paths.at(-1)).then((r) => r.arrayBuffer());
  const latencies = [];
  let i = 0;
  const nextPath = endpoint.next ?? (() => paths[i++ % paths.length]);
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  rows.push({
    endpoint: endpoint.name,
    'p50 ms': pct(latencies, 50).toFixed(1),
    'p95 ms': pct(latencies, 95).toFixed(1),
    'p99 ms': pct(latencies, 99).toFixed(1),
    'req/s': Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors,
  });
}
// The server's memory now (resident) and at its peak, from the kernel's view of its process.
const memory = server.memory();
await server.stop();
const ceiling = (rows[0]['req/s'] + rows.at(-1)['req/s']) / 2;
for (const row of rows) row['× live'] = (row['req/s'] / ceiling).toFixed(2);
console.log(`autocannon, ${connections} connections, ${seconds} s per endpoint, ${base}`);
console.table(rows);
console.log(
  `server memory: ${memory.resident} MB resident after the run, ${memory.peak} MB at peak${heapMb ? ` (heap capped at ${heapMb} MB)` : ''}`,
);
console.log(`search index ready ${searchReadyAfter} s after the server was spawned`);
if (firstSearchMs) console.log(`first autocomplete after start: ${firstSearchMs} ms`);
process.exit(0);
