// `npm run bench`: starts the built shop on a free loopback port (its own process, so the load generator
// does not share its event loop), drives it with autocannon at 50 connections, prints p50/p95/p99 latency
// and requests per second per endpoint, then stops it. A trivial endpoint of the same server (/api/health)
// is measured in the same run as the ceiling. Bounded: BENCH_SECONDS (default 10) per endpoint.
// Uses the database of DATABASE_PATH / DATABASE_URL; seed it first: `npm run seed -- --products 5000`.
// `npm run bench -- --products 100000` (issue 25): seeds a scratch database data/bench-100000.sqlite up to that many
// generated products (unless DATABASE_PATH / DATABASE_URL says otherwise), then measures the uncached shopper paths
// with random ids and pages (scale-endpoints.mjs), the search index's start and the server's memory.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { scaleEndpoints, texts } from './scale-endpoints.mjs';

const { values: args } = parseArgs({ options: { products: { type: 'string' } } });
const scale = args.products === undefined ? undefined : Number(args.products);
const env = { ...process.env };
if (scale !== undefined) {
  if (!Number.isInteger(scale) || scale < 0) throw new Error('--products must be a whole number');
  if (!env.DATABASE_URL) env.DATABASE_PATH ??= `data/bench-${scale}.sqlite`;
  const seed = (count) =>
    spawnSync(process.execPath, ['scripts/seed.mjs', '--products', String(count)], { env, encoding: 'utf8' });
  // The demo catalog (154) plus the generated products: seed only what is missing, so reruns reuse the database.
  const total = Number(/: (\d+) products\./.exec(seed(0).stdout)?.[1] ?? 0);
  const missing = scale + 154 - total;
  if (missing > 0) console.log(seed(missing).stdout.trim());
  console.log(`Catalog: ${Math.max(total, scale + 154)} products (${env.DATABASE_URL ? 'DATABASE_URL' : env.DATABASE_PATH}).`);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const spawned = performance.now();
// BENCH_HEAP_MB=768: the server's V8 heap capped as on an instance with 1 GB of memory (README, Production). Without
// it V8 sizes its heap from the machine's memory and lets garbage pile up to gigabytes before collecting it.
const heapMb = process.env.BENCH_HEAP_MB;
const server = spawn(process.execPath, [...(heapMb ? [`--max-old-space-size=${heapMb}`] : []), 'scripts/start.mjs'], {
  // Measured as it runs in production (React's development build renders 2-3 times slower); a production start
  // refuses to run without these (README, Production), so the bench gives placeholders nothing here ever uses.
  env: {
    ...env,
    ...(env.NODE_ENV
      ? {}
      : {
          NODE_ENV: 'production',
          SITE_URL: 'https://bench.invalid',
          AUTH_TOKEN_SECRET: randomBytes(24).toString('hex'),
          STAFF_SECRET_KEY: randomBytes(24).toString('hex'),
          SMS_PROVIDER: 'twilio',
        }),
    PORT: String(port),
    HOST: '127.0.0.1',
    BUILDS_DIR: process.env.BUILDS_DIR ?? 'builds',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stop);
setTimeout(
  () => {
    console.error('bench: time limit reached, stopping');
    process.exit(1);
  },
  (seconds * 8 + 120) * 1000,
).unref();

for (let i = 0; ; i += 1) {
  // 503 while the search index is built (status "starting", docs/operations.md): the server is up, the loop below waits.
  const ok = await fetch(`${base}/api/health`).then(
    (r) => r.ok || r.status === 503,
    () => false,
  );
  if (ok) break;
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

// The search index is built at start (decision 013); a shopper's first search should not wait for it.

for (let i = 0; i < 1200; i += 1) {
  const body = await fetch(`${base}/api/health`).then((r) => r.json());
  if (body.data.search !== 'building') break;
  await new Promise((r) => setTimeout(r, 100));
}
const searchReadyAfter = ((performance.now() - spawned) / 1000).toFixed(1);

// Varied texts, so the autocomplete is not measured on one cached answer.
const words = texts;
const endpoints = [
  { name: 'ceiling: GET /api/health', paths: ['/api/health'] },
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
  // On-demand pages behind the render cache (decision 008): the ratio to /api/health is printed for each.
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
  endpoints.splice(1, endpoints.length - 1, ...random);
  console.log(`${shape.products} products, ids up to ${shape.maxId}; category pages: ${[...shape.pages.values()].join(', ')}`);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const rows = [];
// BENCH_ONLY=<text>: only the endpoints whose name contains it (the ceiling always runs first).
const only = process.env.BENCH_ONLY;
// The same server warmed up first (JIT, database, catalog watch), untimed; the ceiling runs again at the end and
// each ratio is against the mean of both ceiling runs, so other jobs on the machine skew it less.
await autocannon({ url: `${base}/api/health`, connections, duration: 2 });
const selected = endpoints.filter((e, i) => i === 0 || !only || e.name.includes(only));
for (const endpoint of [...selected, { ...endpoints[0], name: 'ceiling again: GET /api/health' }]) {
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
const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
stop();
const ceiling = (rows[0]['req/s'] + rows.at(-1)['req/s']) / 2;
for (const row of rows) row['× health'] = (row['req/s'] / ceiling).toFixed(2);
console.log(`autocannon, ${connections} connections, ${seconds} s per endpoint, ${base}`);
console.table(rows);
console.log(
  `server memory: ${mb('VmRSS')} MB resident after the run, ${mb('VmHWM')} MB at peak${heapMb ? ` (heap capped at ${heapMb} MB)` : ''}`,
);
console.log(`search index ready ${searchReadyAfter} s after the server was spawned`);
if (firstSearchMs) console.log(`first autocomplete after start: ${firstSearchMs} ms`);
process.exit(0);
