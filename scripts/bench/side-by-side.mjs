// `npm run bench -- --against <commit> [--products N] [--rounds R] [--together] [--port P] [--against-port Q]`: this
// tree and another commit measured in the same run, so the machine's other work weighs on both alike. The other
// commit is checked out in a scratch git worktree (<tmp>/bean-bazaar-bench/<sha>), its node_modules hard-linked from
// this tree's when package-lock.json is the same (else `npm ci`), and built once (kept for the next run). Each server
// starts on a fresh demo database. Each address is measured on both servers in turn, R rounds (A B, then B A, …), or
// with --together on both at once, each with its own connections, so that both meet the same swings of a busy
// machine's load. Two ratios are printed: requests a second (this/other), and the server's CPU time a request
// (other/this, read from /proc, which the machine's other work sways less); above 1.0 this tree is the cheaper. With
// --products N, both then restart on a scratch catalog of N generated products (each seeded by its own tree's seed
// script) for the uncached random product and listing pages.
// BENCH_SECONDS (default 6) per address per round, BENCH_CONNECTIONS (default 20).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { scaleEndpoints } from './scale-endpoints.mjs';
import { freePort, seedScratchCatalog, startShop, waitUntilServing } from './shop-process.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const here = process.cwd();
const scratchRoot = join(tmpdir(), 'bean-bazaar-bench');
// npm's scripts, install scripts included, must run on this Node (24), not whatever `node` the PATH has first.
const pathWithOurNode = `${dirname(process.execPath)}:${process.env.PATH}`;

/** The addresses of issue 56's table, on the demo catalog. */
const demoAddresses = [
  { name: '/en/single-product/60 (render cache)', path: '/en/single-product/60' },
  { name: '/api/health/live (liveness)', path: '/api/health/live' },
  { name: '/api/health (readiness)', path: '/api/health' },
  { name: '/api/categories', path: '/api/categories' },
  { name: '/en/about-us (pre-rendered)', path: '/en/about-us' },
  { name: '/api/products?per_page=12', path: '/api/products?per_page=12' },
];

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const sh = (command, args, cwd) => {
  const run = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, PATH: pathWithOurNode } });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
};

/** The newest modification time under `dir` (its files, recursively), in ms. */
function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the tree at `dir` when it has no build, or (this tree) when its sources changed after its build. */
function ensureBuilt(dir, label) {
  const entry = join(dir, 'dist', 'server', 'entry.mjs');
  const stale = !existsSync(entry) || (dir === here && newestChange(join(dir, 'src')) > statSync(entry).mtimeMs);
  if (!stale) return;
  console.log(`Building ${label} (${dir}) …`);
  sh('npm', ['run', 'build'], dir);
}

/** The other commit's scratch tree, checked out, installed and built (each step kept for the next run). */
function prepareOther(commit) {
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const dir = join(scratchRoot, sha);
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(scratchRoot, { recursive: true });
    git('worktree', 'add', '--detach', dir, sha);
  }
  if (!existsSync(join(dir, 'node_modules', '.package-lock.json'))) {
    const sameLock = readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8');
    if (sameLock) {
      console.log(`Same package-lock.json: node_modules hard-linked from this tree (cp -al).`);
      sh('cp', ['-al', join(here, 'node_modules'), join(dir, 'node_modules')], here);
      // Tool caches are rewritten in place by a build or a test run: linked, the other tree's would rewrite ours.
      for (const cache of ['.vite', '.vite-temp', '.astro', '.vitest-cache'])
        rmSync(join(dir, 'node_modules', cache), { recursive: true, force: true });
    } else {
      console.log(`package-lock.json differs: npm ci in ${dir} …`);
      sh('npm', ['ci', '--no-audit', '--no-fund'], dir);
    }
  }
  ensureBuilt(dir, sha.slice(0, 7));
  return { sha, dir };
}

/** One measurement: autocannon on `shop` for `seconds`, paths from `nextPath`; with the server's CPU per request. */
async function measure(shop, nextPath) {
  // Warm: JIT, the render cache's entry, a connection or two.
  for (let i = 0; i < 20; i += 1) await fetch(shop.base + nextPath()).then((r) => r.arrayBuffer());
  const cpuBefore = shop.cpuSeconds();
  const result = await autocannon({
    url: shop.base,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  const cpuUs = ((shop.cpuSeconds() - cpuBefore) * 1e6) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, cpuUs, non2xx: result.non2xx, errors: result.errors };
}

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Measures each address on both servers, `rounds` times: in turn, alternating which goes first, or (`together`) both
 * at once, each with its own connections, so that both meet the same moments of a busy machine.
 */
async function compare(servers, addresses, rounds, together) {
  const rows = [];
  for (const address of addresses) {
    const runs = servers.map(() => []);
    const next = address.next ?? (() => address.path);
    for (let round = 0; round < rounds; round += 1) {
      if (together) {
        const results = await Promise.all(servers.map((server) => measure(server.shop, next)));
        results.forEach((result, which) => runs[which].push(result));
        continue;
      }
      for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) runs[which].push(await measure(servers[which].shop, next));
    }
    const [ours, theirs] = runs.map((list) => ({
      rps: mean(list.map((r) => r.rps)),
      p50: mean(list.map((r) => r.p50)),
      cpuUs: mean(list.map((r) => r.cpuUs)),
      failed: list.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    }));
    rows.push({ address: address.name, theirs, ours });
    const note = (run) => (run.failed ? ` (${run.failed} non-2xx or errors)` : '');
    console.log(
      `  ${address.name}: ${Math.round(theirs.rps)}${note(theirs)} → ${Math.round(ours.rps)}${note(ours)} req/s, ×${(ours.rps / theirs.rps).toFixed(2)};` +
        ` CPU ${Math.round(theirs.cpuUs)} → ${Math.round(ours.cpuUs)} µs a request, ×${(theirs.cpuUs / ours.cpuUs).toFixed(2)}`,
    );
  }
  return rows;
}

/** Starts both servers on their databases (`databaseOf(dir)` gives each tree's DATABASE_PATH). */
async function startBoth(trees, ports, databaseOf) {
  const servers = trees.map((tree, i) => ({
    ...tree,
    shop: startShop({
      cwd: tree.dir,
      port: ports[i],
      // Never a published build (`builds/current`), always the tree's own dist/; metrics off.
      env: { ...process.env, DATABASE_PATH: databaseOf(tree), BUILDS_DIR: join(scratchRoot, 'no-builds'), METRICS_PORT: '0' },
    }),
  }));
  process.on('exit', () => servers.forEach((s) => void s.shop.stop()));
  await Promise.all(servers.map((s) => waitUntilServing(s.shop.base)));
  return servers;
}

function printTable(rows, theirLabel) {
  const live = rows.find((r) => r.address.startsWith('/api/health/live'));
  console.table(
    rows.map(({ address, theirs, ours }) => ({
      address,
      [`${theirLabel} req/s`]: Math.round(theirs.rps),
      'this req/s': Math.round(ours.rps),
      'ratio this/other': (ours.rps / theirs.rps).toFixed(2),
      [`${theirLabel} CPU µs/req`]: Math.round(theirs.cpuUs),
      'this CPU µs/req': Math.round(ours.cpuUs),
      // Above 1.0, a request costs this tree less CPU than the other.
      'CPU ratio other/this': (theirs.cpuUs / ours.cpuUs).toFixed(2),
      ...(live && { 'this × liveness': (ours.rps / live.ours.rps).toFixed(2) }),
      failed: theirs.failed || ours.failed ? `${theirs.failed} / ${ours.failed}` : '',
    })),
  );
}

export async function sideBySide(args) {
  const rounds = Number(args.rounds ?? 2);
  const together = Boolean(args.together);
  const products = args.products === undefined ? undefined : Number(args.products);
  if (products !== undefined && (!Number.isInteger(products) || products < 0))
    throw new Error('--products must be a whole number');
  const other = prepareOther(args.against);
  ensureBuilt(here, 'this tree');
  const trees = [
    { label: 'this', dir: here },
    { label: other.sha.slice(0, 7), dir: other.dir },
  ];
  const ports = [
    args.port ? Number(args.port) : await freePort(),
    args['against-port'] ? Number(args['against-port']) : await freePort(),
  ];
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  const loadBefore = load();
  console.log(
    `\nThis tree (${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ', with changes' : ''}) against ${trees[1].label}`,
  );
  console.log(
    `autocannon, ${connections} connections, ${seconds} s per address per round, ${rounds} rounds, ` +
      (together ? 'both servers at once' : 'alternating'),
  );

  // The demo catalog: each server on a fresh database of its own, as `npm start` makes it.
  const demoDb = (tree) => {
    const path = join(scratchRoot, `demo-${tree.label}.sqlite`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    return path;
  };
  let servers = await startBoth(trees, ports, demoDb);
  const rows = await compare(servers, demoAddresses, rounds, together);
  await Promise.all(servers.map((s) => s.shop.stop()));

  if (products !== undefined) {
    // Each tree seeds its own copy (its own migrations), kept in its data/ for the next run.
    const scaleDb = (tree) => join(tree.dir, 'data', `bench-${products}.sqlite`);
    for (const tree of trees) {
      const total = seedScratchCatalog(products, { ...process.env, DATABASE_PATH: scaleDb(tree) }, tree.dir);
      console.log(`${tree.label}: ${total} products in ${scaleDb(tree)}`);
    }
    servers = await startBoth(trees, ports, scaleDb);
    // The same random paths go to both servers (scale-endpoints.mjs: a nonce keeps the render cache out).
    const { endpoints } = await scaleEndpoints(servers[0].shop.base);
    const uncached = endpoints.slice(0, 2).map((e) => ({ name: `${e.name.replace(/^page /, '')} (${products})`, next: e.next }));
    rows.push(...(await compare(servers, uncached, rounds, together)));
    await Promise.all(servers.map((s) => s.shop.stop()));
  }
  // The ratio is this tree's requests a second over the other's: above 1.0, this tree serves more.
  printTable(rows, trees[1].label);
  console.log(`load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}`);
}
