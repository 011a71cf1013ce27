// The shop as the benchmarks run it: a built tree's `scripts/start.mjs` in a process of its own (so the load generator
// does not share its event loop), in production mode, on a loopback port; and the scratch catalogs they seed.
// Used by run.mjs (`npm run bench`) and side-by-side.mjs (`npm run bench -- --against <commit>`).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Seeds `DATABASE_PATH` (or `DATABASE_URL`) of `env` up to the demo catalog (154) plus `products` generated products,
 * with the seed script of the tree at `cwd`: only what is missing, so reruns reuse the database. Returns the total.
 */
export function seedScratchCatalog(products, env, cwd = process.cwd()) {
  const seed = (count) =>
    spawnSync(process.execPath, ['scripts/seed.mjs', '--products', String(count)], { cwd, env, encoding: 'utf8' });
  const total = Number(/: (\d+) products\./.exec(seed(0).stdout)?.[1] ?? 0);
  const missing = products + 154 - total;
  if (missing > 0) console.log(seed(missing).stdout.trim());
  return Math.max(total, products + 154);
}

/**
 * Starts the built shop of the tree at `cwd` on `port`. Measured as it runs in production (React's development build
 * renders 2-3 times slower); a production start refuses to run without these (README, Production), so the bench gives
 * placeholders nothing here ever uses. `heapMb`: V8's heap capped as on an instance with that much memory.
 */
export function startShop({ cwd = process.cwd(), port, env = process.env, heapMb, cpuProfileDir }) {
  const child = spawn(
    process.execPath,
    [
      ...(heapMb ? [`--max-old-space-size=${heapMb}`] : []),
      ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
      'scripts/start.mjs',
    ],
    {
      cwd,
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
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    base,
    pid: child.pid,
    /** Stops the server's process group and waits for it (SIGTERM: a profile is written on the way out). */
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      await exited;
    },
    /**
     * The CPU time the server's process has used so far (user + system, seconds), from /proc: divided by the requests
     * it answered, what a request costs, which the machine's other work skews less than requests a second.
     */
    cpuSeconds: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      // utime and stime are the 12th and 13th fields after the command name, in clock ticks (100 a second on Linux).
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    /** Resident memory now and at its peak, in MB, from the kernel's view of the process. */
    memory: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
      return { resident: mb('VmRSS'), peak: mb('VmHWM') };
    },
  };
}

/**
 * Waits until the server at `base` answers /api/health (503 while the search index is built counts: the server is
 * up), then until its search index is built, so no measured request waits for it (decision 013).
 */
export async function waitUntilServing(base) {
  for (let i = 0; ; i += 1) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok || r.status === 503,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error(`the server at ${base} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  for (let i = 0; i < 1200; i += 1) {
    const body = await fetch(`${base}/api/health`).then((r) => r.json());
    if (body.data.search !== 'building') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
