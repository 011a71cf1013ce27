// `npm run cluster -- --instances 3`: N app instances on the PostgreSQL that DATABASE_URL names, behind HAProxy (Debian's
// `haproxy` package) with health checks on /api/health, on http://127.0.0.1:4321 (PORT) by default; Ctrl-C stops them
// all. Instances listen on CLUSTER_FIRST_PORT (4401) and up; the proxy's statistics page on CLUSTER_STATS_PORT (8404;
// 0: none). Issue 54, docs/operations.md › "Several instances". Each instance is `npm start` (scripts/start.mjs):
// migrations, the demo seed and the background jobs are safe to run from every one of them at once. The payment
// provider they share (the sandbox's Paymob, scripts/cluster/payment-provider.mjs) and their courier company (Bosta's
// API, scripts/cluster/courier-company.mjs) run in this process.
// `--chaos S --report FILE`: the chaos run (scripts/cluster/chaos.mjs) for S seconds, its report written to FILE
// (data/cluster/chaos-report.json); the exit code says whether every invariant held.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { haproxyConfig } from './cluster/haproxy-config.mjs';
import { startCourierCompany } from './cluster/courier-company.mjs';
import { startPaymentProvider } from './cluster/payment-provider.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    chaos: { type: 'string' },
    report: { type: 'string', default: 'data/cluster/chaos-report.json' },
  },
});
const count = Number(values.instances);
const databaseUrl = process.env.DATABASE_URL;
const say = (line) => console.log(`[cluster] ${line}`);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('--instances takes a whole number from 1 to 16');
  process.exit(2);
}
if (!databaseUrl) {
  console.error('A cluster shares one PostgreSQL database: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/shop).');
  process.exit(2);
}
const haproxy = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => existsSync(path));
if (!haproxy) {
  console.error('HAProxy is not installed: `apt-get install haproxy` (Debian), then run this again.');
  process.exit(2);
}
// One build for all of them, before any starts (each `npm start` would otherwise build on its own).
if (!existsSync(resolve('dist/server/entry.mjs'))) {
  say('no build found: building the site first (npm run build)');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

// One signing key for every instance's access tokens (src/server/auth/access-token.ts): without AUTH_TOKEN_SECRET each
// process makes its own, and a shopper signed in through one instance is refused by the next (the first chaos run
// with sign-ins: 2 of 3 requests after a sign-in answered 401). A real cluster sets it; here one is made per run.
process.env.AUTH_TOKEN_SECRET ??= randomBytes(32).toString('hex');
const host = '127.0.0.1';
const firstPort = Number(process.env.CLUSTER_FIRST_PORT ?? 4401);
const listen = { host, port: Number(process.env.PORT ?? 4321) };
const instances = Array.from({ length: count }, (_, i) => ({ name: `shop${i + 1}`, host, port: firstPort + i }));
const statsPort = Number(process.env.CLUSTER_STATS_PORT ?? 8404);
const children = new Map();
let proxy;
const provider = await startPaymentProvider();
const courier = await startCourierCompany();

/** Starts one instance (`npm start` on its port); its log lines join this command's output. */
function startInstance(instance) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    // SITE_URL: links the shop hands out (payment returns, messages) name the proxy, not the instance.
    env: {
      ...process.env,
      HOST: host,
      PORT: String(instance.port),
      SITE_URL: process.env.SITE_URL ?? `http://${listen.host}:${listen.port}`,
      METRICS_PORT: '0',
      ...provider.env,
      ...courier.env,
      // The chaos run puts reconciliation in the mix: a payment pending 6 s is asked about at the provider (each
      // instance's job, once a minute), racing the callbacks it must not apply twice.
      ...(values.chaos ? { RECONCILE_AFTER_MINUTES: '0.1' } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.set(instance.name, child);
  return child;
}

let stopping = false;
async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping the proxy and every instance');
  proxy?.kill('SIGTERM');
  await Promise.all([...children.values()].map((child) => stopped(child)));
  await provider.close();
  await courier.close();
  process.exit(code);
}
process.on('SIGINT', () => stopAll());
process.on('SIGTERM', () => stopAll());
// A crash of this script must not leave the proxy and the instances running (an early chaos run left HAProxy behind).
process.on('uncaughtException', (error) => {
  console.error(error);
  void stopAll(1);
});

mkdirSync('data/cluster', { recursive: true });
const configPath = resolve('data/cluster/haproxy.cfg');
writeFileSync(configPath, haproxyConfig({ listen, instances, statsPort }));
// The first instance migrates and seeds an empty database; the others start once it serves (they would wait on the
// migration's and the seed's locks anyway, but a failure is then the first one's, told once).
startInstance(instances[0]);
await until(`http://${host}:${instances[0].port}/api/health/live`);
for (const instance of instances.slice(1)) startInstance(instance);
proxy = spawn(haproxy, ['-db', '-f', configPath], { stdio: ['ignore', 'inherit', 'inherit'] });
proxy.on('exit', (code) => {
  if (!stopping) say(`HAProxy exited (${code}): stopping`);
  void stopAll();
});
await until(`http://${host}:${listen.port}/api/health`);
say(
  `${count} instances behind HAProxy: http://${host}:${listen.port}/ (instances on ${firstPort}-${firstPort + count - 1}${statsPort ? `, statistics http://127.0.0.1:${statsPort}/` : ''}; payment provider ${provider.base}, courier company ${courier.base})`,
);
if (values.chaos) {
  // The chaos run (scripts/cluster/chaos.mjs): kill -9 an instance every 20 s under load, then the database's checks.
  const { runChaos } = await import('./cluster/chaos.mjs');
  const { invariantsHeld } = await import('./cluster/chaos-checks.mjs');
  const report = await runChaos({
    base: `http://${host}:${listen.port}`,
    provider,
    courier,
    seconds: Number(values.chaos),
    count,
    kill: (i) => children.get(instances[i].name)?.kill('SIGKILL'),
    restart: (i) => startInstance(instances[i]),
  }).catch(async (error) => {
    console.error(error);
    await stopAll(1);
  });
  mkdirSync(dirname(resolve(values.report)), { recursive: true });
  writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
  const held = invariantsHeld(report);
  say(`chaos report (${values.report}): ${JSON.stringify(report)}`);
  say(held ? 'everything held' : 'SOMETHING DID NOT HOLD');
  await stopAll(held ? 0 : 1);
}

/** Waits until `url` answers 200 (two minutes at most: the first start migrates, seeds and builds its index). */
async function until(url) {
  for (let i = 0; i < 240; i += 1) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  console.error(`${url} did not answer 200 within two minutes`);
  await stopAll(1);
}

/** Asks a process to stop gracefully, and kills it after 10 s. */
function stopped(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}
