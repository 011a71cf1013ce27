import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { serve, stopGracefully } from '../../src/server/http/server.ts';

/**
 * The server follows the publish pointer (builds/current) without a restart: stand-in builds, each with its
 * own handler, page and hashed chunk, so the switch is checked in a second instead of a real build.
 */
const builds = mkdtempSync(join(tmpdir(), 'shop-builds-'));
function fakeBuild(id: string) {
  const dir = join(builds, id);
  mkdirSync(join(dir, 'server'), { recursive: true });
  mkdirSync(join(dir, 'client', '_astro'), { recursive: true });
  mkdirSync(join(dir, 'client', 'en'));
  writeFileSync(join(dir, 'client', 'en', 'index.html'), `<p>home of ${id}</p>`);
  writeFileSync(join(dir, 'client', '_astro', `chunk.${id}.js`), `export const build = '${id}';`);
  writeFileSync(
    join(dir, 'server', 'entry.mjs'),
    // A slow request marks its start, so the test waits for it instead of guessing how long it takes to arrive.
    `export const handler = (req, res) => {
       if (req.url.includes('slow')) globalThis.slowRequestsStarted = (globalThis.slowRequestsStarted ?? 0) + 1;
       setTimeout(() => res.end('${id} ' + req.url), req.url.includes('slow') ? 600 : 0);
     };`,
  );
}
const point = (id: string) => {
  writeFileSync(join(builds, 'current.tmp'), id);
  renameSync(join(builds, 'current.tmp'), join(builds, 'current'));
};
const until = async (ok: () => Promise<boolean>) => {
  for (let i = 0; i < 50 && !(await ok()); i += 1) await new Promise((r) => setTimeout(r, 100));
  return ok();
};

let base = '';
let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  fakeBuild('one');
  fakeBuild('two');
  point('one');
  server = await serve({ distDir: join(builds, 'none'), host: '127.0.0.1', port: 0, buildsDir: builds });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (server.listening) await stopGracefully(server, 500);
});

test('a new pointer switches pages and handler in-process; a request in flight finishes on its build', async () => {
  expect(await (await fetch(`${base}/en/`)).text()).toBe('<p>home of one</p>');
  const inFlight = fetch(`${base}/api/slow`).then((r) => r.text());
  await vi.waitFor(() => expect((globalThis as { slowRequestsStarted?: number }).slowRequestsStarted).toBe(1));
  point('two');
  expect(await until(async () => (await (await fetch(`${base}/en/`)).text()) === '<p>home of two</p>')).toBe(true);
  expect(await (await fetch(`${base}/api/x`)).text()).toBe('two /api/x');
  expect(await inFlight).toBe('one /api/slow');
  // The previous build's hashed chunk still loads for pages opened before the switch.
  const old = await fetch(`${base}/_astro/chunk.one.js`);
  expect(old.status).toBe(200);
  expect(old.headers.get('cache-control')).toContain('immutable');
  expect((await fetch(`${base}/_astro/chunk.two.js`)).status).toBe(200);
});

test('rolling back is pointing at the earlier build again', async () => {
  point('one');
  expect(await until(async () => (await (await fetch(`${base}/en/`)).text()) === '<p>home of one</p>')).toBe(true);
});
