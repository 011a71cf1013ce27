// `npm run bench:reviews [-- --products 100000 --reviews 1000000 --rounds 3]` (issue 52): the product page and the
// listing's rating filter with reviews (B) against the same catalog without any (A). Two scratch SQLite files:
// data/bench-reviews-a.sqlite (`npm run seed -- --products N`) and data/bench-reviews-b.sqlite (a copy of A, then
// `--reviews M`: M reviews spread over the products, their stars the summary of the approved ones); each is seeded
// once and reused by later runs. The built shop (npm run build) serves A, then B, then A, … (R rounds, A B each), one
// server at a time; every request a random product (en or ar) or a random listing page (category, rating ≥ 3, 4 or
// 4.5, sort and page drawn per request, pages counted on that server's catalog), with a nonce so the render cache
// never answers; and a random seller's profile (its average from its products' summaries). Prints per run and per address: requests a second and the server's CPU milliseconds a request (from
// /proc, which other work on the machine sways less), then the medians, the B/A ratios and their spread.
// `--paired N` first measures both at once, one request at a time (paired(), below); `--rounds 0` skips the rounds.
// BENCH_SECONDS (default 10) per address per run, BENCH_CONNECTIONS (default 10); BENCH_ONLY=<text>: only the addresses
// whose name contains it; BENCH_SETTLE=<s>: each server idle that long after its start (default 0).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { freePort, startShop, waitUntilServing } from './shop-process.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    reviews: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    paired: { type: 'string', default: '0' },
  },
});
const products = Number(args.products);
const reviews = Number(args.reviews);
const rounds = Number(args.rounds);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const settle = Number(process.env.BENCH_SETTLE ?? 0);
const files = { A: 'data/bench-reviews-a.sqlite', B: 'data/bench-reviews-b.sqlite' };

function seed(path, flags) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['scripts/seed.mjs', ...flags], {
    env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: path },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`seeding ${path} failed`);
  console.log(`${path}: ${run.stdout.trim().replaceAll('\n', ' ')} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
const removeDb = (path) => ['', '-wal', '-shm'].forEach((s) => rmSync(path + s, { force: true }));
if (!existsSync(files.A)) seed(files.A, ['--products', String(products)]);
if (!existsSync(files.B)) {
  removeDb(files.B);
  copyFileSync(files.A, files.B);
  seed(files.B, ['--reviews', String(reviews)]);
}

/** The sellers whose profiles are open (read from the file: the API has no list of them). */
function activeSellers(path) {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare("select id from sellers where status = 'active'")
      .all()
      .map((r) => r.id);
  } finally {
    db.close();
  }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const nonce = () => Math.random().toString(36).slice(2, 10);
const ratings = [3, 4, 4.5];
const sorts = ['price_asc', 'price_desc', 'rating', 'newest'];

/** The random addresses on one server: its number of products and each (category, rating)'s number of pages. */
async function addresses(bases, sellers) {
  const all = await fetch(`${bases[0]}/api/products?per_page=1`).then((r) => r.json());
  const pages = new Map();
  for (const category of [1, 2, 3, 4])
    for (const rating of ratings)
      for (const base of bases) {
        const url = `${base}/api/products?category=${category}&rating=${rating}&per_page=24`;
        const last = (await fetch(url).then((r) => r.json())).meta.last_page;
        // Paired: a page both catalogs have.
        pages.set(`${category}|${rating}`, Math.min(last, pages.get(`${category}|${rating}`) ?? last));
      }
  return [
    {
      name: 'page /en|ar/single-product/{random id}',
      next: () => `/${pick(['en', 'ar'])}/single-product/${1 + Math.floor(Math.random() * all.meta.total)}?r=${nonce()}`,
    },
    {
      name: 'page /en|ar/products?category&rating&sort&page (random)',
      next: () => {
        const category = pick([1, 2, 3, 4]);
        const rating = pick(ratings);
        const page = 1 + Math.floor(Math.random() * pages.get(`${category}|${rating}`));
        return `/${pick(['en', 'ar'])}/products?category=${category}&rating=${rating}&sort=${pick(sorts)}&page=${page}&r=${nonce()}`;
      },
    },
    {
      // Not in issue 52's list, but its stars: the seller's average on its profile (decision 036, migration 043).
      name: 'page /en|ar/seller-profile/{random seller}',
      next: () => `/${pick(['en', 'ar'])}/seller-profile/${pick(sellers)}?r=${nonce()}`,
    },
  ];
}

async function measure(label) {
  const port = await freePort();
  const server = startShop({ port, env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: files[label] } });
  try {
    await waitUntilServing(server.base);
    // BENCH_SETTLE=<s>: the server left idle that long after its start before anything is measured.
    await new Promise((resolve) => setTimeout(resolve, settle * 1000));
    const only = process.env.BENCH_ONLY;
    const list = (await addresses([server.base], activeSellers(files[label]))).filter((a) => !only || a.name.includes(only));
    const out = {};
    for (const address of list) {
      // Warm-up, untimed: JIT and the database's pages of this address.
      await autocannon({
        url: server.base,
        connections,
        duration: 2,
        requests: [{ setupRequest: (req) => ({ ...req, path: address.next() }) }],
      });
      const cpuBefore = server.cpuSeconds();
      const result = await autocannon({
        url: server.base,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: address.next() }) }],
      });
      const cpu = server.cpuSeconds() - cpuBefore;
      const done = result.requests.total;
      out[address.name] = {
        rps: result.requests.average,
        cpuMs: done ? (cpu * 1000) / done : NaN,
        p50: result.latency.p50,
        bad: result.non2xx + result.errors,
      };
    }
    return out;
  } finally {
    await server.stop();
  }
}

/**
 * `--paired N`: both servers at once, one request at a time, each address N times: the same random path to A and to B
 * back to back (which goes first alternates), so both meet the same moment of the machine's load. Prints the medians
 * of the latencies, B/A of the medians, and the B/A of each fifth of the run (the spread).
 */
async function paired(count) {
  const servers = await Promise.all(
    ['A', 'B'].map(async (label) => {
      const server = startShop({
        port: await freePort(),
        env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: files[label] },
      });
      return server;
    }),
  );
  try {
    await Promise.all(servers.map((s) => waitUntilServing(s.base)));
    const list = await addresses(
      servers.map((s) => s.base),
      activeSellers(files.A),
    );
    const timed = async (url) => {
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return performance.now() - started;
    };
    const rows = [];
    for (const address of list) {
      for (let i = 0; i < 20; i += 1) for (const s of servers) await timed(s.base + address.next());
      const a = [];
      const b = [];
      for (let i = 0; i < count; i += 1) {
        const path = address.next();
        if (i % 2) {
          b.push(await timed(servers[1].base + path));
          a.push(await timed(servers[0].base + path));
        } else {
          a.push(await timed(servers[0].base + path));
          b.push(await timed(servers[1].base + path));
        }
      }
      const fifth = Math.floor(count / 5);
      const parts = Array.from({ length: 5 }, (_, k) => [k * fifth, (k + 1) * fifth]).map(
        ([from, to]) => median(b.slice(from, to)) / median(a.slice(from, to)),
      );
      rows.push({
        address: address.name,
        requests: count,
        'A p50 ms': median(a).toFixed(1),
        'B p50 ms': median(b).toFixed(1),
        'B/A p50': (median(b) / median(a)).toFixed(2),
        'B/A by fifth (spread)': parts.map((r) => r.toFixed(2)).join(' '),
      });
      console.log(`paired ${address.name}: done; load ${loadavg()[0].toFixed(2)}`);
    }
    console.log('\npaired, one request at a time, the same path to A and B back to back');
    console.table(rows);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const runs = { A: [], B: [] };
console.log(
  `load before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
if (Number(args.paired) > 0) {
  await paired(Number(args.paired));
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );
  if (rounds === 0) process.exit(0);
}
for (let round = 1; round <= rounds; round += 1)
  for (const label of ['A', 'B']) {
    const result = await measure(label);
    runs[label].push(result);
    for (const [name, r] of Object.entries(result))
      console.log(
        `round ${round} ${label} ${name}: ${r.rps.toFixed(1)} req/s, ${r.cpuMs.toFixed(2)} ms CPU/request, p50 ${r.p50} ms, non-2xx+errors ${r.bad}; load ${loadavg()[0].toFixed(2)}`,
      );
  }
console.log(`\nautocannon, ${connections} connections, ${seconds} s per address per run, ${rounds} rounds (A B each)`);
const rows = [];
for (const name of Object.keys(runs.A[0])) {
  const rpsRatios = runs.A.map((a, i) => runs.B[i][name].rps / a[name].rps);
  const cpuRatios = runs.A.map((a, i) => a[name].cpuMs / runs.B[i][name].cpuMs);
  rows.push({
    address: name,
    'A req/s (median)': median(runs.A.map((r) => r[name].rps)).toFixed(1),
    'B req/s (median)': median(runs.B.map((r) => r[name].rps)).toFixed(1),
    'B/A req/s median': median(rpsRatios).toFixed(2),
    'B/A req/s spread': `${Math.min(...rpsRatios).toFixed(2)}–${Math.max(...rpsRatios).toFixed(2)}`,
    'A CPU ms': median(runs.A.map((r) => r[name].cpuMs)).toFixed(2),
    'B CPU ms': median(runs.B.map((r) => r[name].cpuMs)).toFixed(2),
    'A/B CPU median': median(cpuRatios).toFixed(2),
    'A/B CPU spread': `${Math.min(...cpuRatios).toFixed(2)}–${Math.max(...cpuRatios).toFixed(2)}`,
  });
}
console.table(rows);
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
process.exit(0);
