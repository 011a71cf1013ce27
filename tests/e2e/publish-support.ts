import { spawn, type ChildProcess } from 'node:child_process';
import { gateOpened } from '../../scripts/gate-file.mjs';

/** Ports next to the E2E port (E2E_PORT + 1…3) for the extra servers these journeys start themselves. */
export const e2ePort = Number(process.env['E2E_PORT'] ?? 4410);
export const e2eDatabase = process.env['E2E_DATABASE_PATH'] ?? 'data/e2e.sqlite';

/**
 * In CI the journeys start while lint and typecheck still read the sources (.ci/run); a journey that writes into
 * src/content waits until CI says they are over (TEST_SOURCES_FREE_AFTER names the file it writes then). Elsewhere
 * there is nothing to wait for.
 */
export async function sourcesFree(ms = 300_000): Promise<void> {
  const gate = process.env['TEST_SOURCES_FREE_AFTER'];
  if (gate) await gateOpened(gate, ms);
}

/** Publishes in the journeys skip the Lighthouse gate: minutes of measuring on a busy machine, not what they test. */
export const noLighthouse = { PUBLISH_LIGHTHOUSE: '0' };

/** Runs an npm script to its end; resolves with its exit code and output (bounded by `ms`). */
export function runNpm(args: string[], env: Record<string, string>, ms = 150_000): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', ...args], {
      env: { ...process.env, ...noLighthouse, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), ms);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? 1, output });
    });
  });
}

/** Starts `scripts/start.mjs` on a loopback port and waits for /api/health. */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`server on ${port} did not start`);
}

export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Polls `check` every 250 ms until it returns true or `ms` pass; returns the last result. */
export async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What a crawler reads on a product page: the JSON-LD Offer's price and availability, and the visible price. */
export async function productOffer(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const offer = /"offers":\{"@type":"Offer"[^}]*"price":"([\d.]+)"[^}]*"availability":"https:\/\/schema.org\/(\w+)"/.exec(html);
  return { html, price: offer?.[1], availability: offer?.[2] };
}
