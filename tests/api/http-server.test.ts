import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { serve, stopGracefully } from '../../src/server/http/server.ts';
import { onShutdown } from '../../src/server/lifecycle.ts';
import { redirectLog } from '../../src/server/observability/logger.ts';
import { registerBuildAnswer } from '../../src/server/http/build-answers.ts';
import { pathToFileURL } from 'node:url';

/**
 * The production HTTP server around a stand-in Astro build: a slow on-demand handler and a few static files,
 * so headers, compression, caching and graceful shutdown are checked without building the site.
 */
const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
mkdirSync(join(dist, 'server'));
mkdirSync(join(dist, 'client', '_astro'), { recursive: true });
mkdirSync(join(dist, 'client', 'en'));
const html = `<!doctype html><html lang="en"><body>${'<p>coffee</p>'.repeat(200)}</body></html>`;
writeFileSync(join(dist, 'client', 'en', 'index.html'), html);
writeFileSync(join(dist, 'client', 'en', 'index.html.gz'), gzipSync(html));
writeFileSync(join(dist, 'client', '_astro', 'app.abc123.js'), 'console.log(1);');
writeFileSync(
  join(dist, 'server', 'entry.mjs'),
  `export const handler = (req, res) => {
     if (req.url.includes('/throws')) throw new Error('a handler that throws');
     if (req.url.includes('/rejects')) return Promise.reject(new Error('a handler that rejects'));
     // An on-demand page as Astro answers it: its own policy (hashes of its inline scripts) in the header.
     if (req.url.startsWith('/en/admin/')) {
       res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "script-src 'self' 'sha256-abc'; style-src 'self'" });
       res.end('<!doctype html><title>desk</title>');
       return;
     }
     if (req.url.includes('/half')) { res.writeHead(200); res.write('partial'); throw new Error('after the head'); }
     // The test waits for this mark instead of guessing how long the request takes to arrive.
     if (req.url.includes('/slow')) globalThis.slowRequestsStarted = (globalThis.slowRequestsStarted ?? 0) + 1;
     const delay = req.url.includes('/slow') ? 400 : 0;
     setTimeout(() => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ url: req.url, pad: 'x'.repeat(4000) })); }, delay);
   };`,
);

let base = '';
let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  server = await serve({ distDir: dist, host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (server.listening) await stopGracefully(server, 500);
});

test('every response carries the security headers', async () => {
  const res = await fetch(`${base}/en/`);
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
});

test('issue 34: one policy on every page: a page rendered on demand (the desk) keeps the shop directives beside Astro’s', async () => {
  const desk = await fetch(`${base}/en/admin/account`);
  const policy = desk.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("base-uri 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("form-action 'self'");
  expect(policy).toContain("script-src 'self' 'sha256-abc'");
  expect(policy.split(',')).toHaveLength(1);
  // A pre-rendered page: the same directives in the header (Astro's are in its <meta>).
  const prerendered = await fetch(`${base}/en/`);
  for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "form-action 'self'"])
    expect(prerendered.headers.get('content-security-policy')).toContain(directive);
});

test('pre-rendered pages are served pre-compressed, revalidated by browsers, kept by CDNs; hashed assets are immutable', async () => {
  const page = await fetch(`${base}/en/`, { headers: { 'accept-encoding': 'gzip' } });
  expect(page.headers.get('content-encoding')).toBe('gzip');
  expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600, stale-while-revalidate=60');
  expect(await page.text()).toBe(html);
  const asset = await fetch(`${base}/_astro/app.abc123.js`);
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

test('on-demand responses (API, pages) are compressed on the fly', async () => {
  const res = await fetch(`${base}/api/products`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(['br', 'gzip']).toContain(res.headers.get('content-encoding'));
  expect((await res.json()).url).toBe('/api/products');
});

test('bare paths redirect to the preferred locale', async () => {
  const res = await fetch(`${base}/products?category=2`, { redirect: 'manual', headers: { 'accept-language': 'ar-EG' } });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/ar/products?category=2');
});

test('one address per page: a trailing slash answers a 301 to the form without it, query kept; language homes keep theirs', async () => {
  const moved = await fetch(`${base}/ar/single-product/64/?x=1`, { redirect: 'manual' });
  expect(moved.status).toBe(301);
  expect(moved.headers.get('location')).toBe('/ar/single-product/64?x=1');
  expect((await fetch(`${base}/en/`, { redirect: 'manual' })).status).toBe(200);
});

test('behind a trusted TLS proxy: HSTS over https, plain http sent to https; an untrusted header is ignored', async () => {
  const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };
  const http = { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'shop.example' };
  const untrusted = await fetch(`${base}/en/`, { headers: http, redirect: 'manual' });
  expect(untrusted.status).toBe(200);
  expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  process.env['TRUST_PROXY'] = '1';
  try {
    const secure = await fetch(`${base}/en/`, { headers: https, redirect: 'manual' });
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await fetch(`${base}/en/products?category=1`, { headers: http, redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://shop.example/en/products?category=1');
  } finally {
    delete process.env['TRUST_PROXY'];
  }
});

test('issue 36: one log line per request, labelled by what answered it: a static file, a redirect, the handler', async () => {
  const lines: string[] = [];
  const stopCapture = redirectLog((line) => void lines.push(line));
  const ids: Record<string, string | null> = {};
  try {
    for (const [label, path] of [
      ['static', '/en/'],
      ['redirect', '/products?category=2'],
      ['astro', '/api/products?token=secret-in-query'],
    ] as const)
      ids[label] = (await fetch(`${base}${path}`, { redirect: 'manual' })).headers.get('x-request-id');
    // Only this test's requests: the API tests share their worker's modules, and a request another file left running
    // may log beside them (CI saw a fourth line).
    await vi.waitFor(() => expect(ownRequests(lines, ids)).toHaveLength(3));
  } finally {
    stopCapture();
  }
  const entries = ownRequests(lines, ids);
  expect(new Set(entries.map((e) => e.req_id)).size).toBe(3);
  expect(entries.find((e) => e.req_id === ids['static'])).toMatchObject({ method: 'GET', route: 'static', status: 200 });
  expect(entries.find((e) => e.req_id === ids['redirect'])).toMatchObject({ route: 'redirect', status: 302 });
  // The stand-in build names no route (Astro's middleware does in the real one); the query never reaches the log.
  expect(entries.find((e) => e.req_id === ids['astro'])).toMatchObject({ route: 'astro', status: 200 });
  expect(lines.join('\n')).not.toContain('secret-in-query');
});

test('issue 19: a handler that throws or rejects answers 500 with its request id and the log line; the server keeps serving', async () => {
  const lines: string[] = [];
  const stopCapture = redirectLog((line) => void lines.push(line));
  try {
    for (const path of ['/api/throws', '/en/rejects']) {
      const res = await fetch(`${base}${path}?token=in-the-query`);
      expect(res.status).toBe(500);
      const id = res.headers.get('x-request-id');
      expect(await res.text()).toContain(path.startsWith('/api') ? `"request_id":"${id}"` : `request ${id}`);
      // The stack under the request id, the path without its query (which may carry a token).
      const failed = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed' && l.req_id === id);
      expect(failed).toMatchObject({ level: 'error', path, err: { message: expect.stringMatching(/a handler that/) } });
    }
    expect(lines.join('\n')).not.toContain('in-the-query');
    // An answer already started cannot become a 500: the connection is closed instead.
    await expect(fetch(`${base}/en/half`).then((r) => r.text())).rejects.toThrow();
    // A static file removed after the server listed it (an old build pruned): the stream's error is this request's.
    const { rmSync } = await import('node:fs');
    rmSync(join(dist, 'client', '_astro', 'app.abc123.js'));
    await fetch(`${base}/_astro/app.abc123.js`)
      .then((r) => r.text())
      .catch(() => undefined);
    writeFileSync(join(dist, 'client', '_astro', 'app.abc123.js'), 'console.log(1);');
    expect((await fetch(`${base}/en/`)).status).toBe(200);
  } finally {
    stopCapture();
  }
});

test('issue 19: methods, targets, hosts and ranges the shop does not serve get 4xx before any handler runs', async () => {
  const { request } = await import('node:http');
  const send = (options: { method?: string; path?: string; headers?: Record<string, string> }) =>
    new Promise<number>((resolve, reject) => {
      const req = request(base, { ...options }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  expect(await send({ method: 'TRACE', path: '/api/health' })).toBe(405);
  expect(await send({ path: '/en/', headers: { host: 'u:p@host' } })).toBe(400);
  expect(await send({ path: '/en/', headers: { host: 'attacker.example' } })).toBe(400);
  expect(await send({ path: '/en/', headers: { host: 'localhost:1234' } })).toBe(200);
  expect(await send({ path: '//evil.example/x' })).toBe(400);
  expect(await send({ path: '/_astro/app.abc123.js', headers: { range: 'bytes=10-5' } })).toBe(416);
  expect(await send({ path: '/_astro/app.abc123.js', headers: { range: 'bytes=2-5' } })).toBe(206);
  // A suffix or multi-part range is answered with the whole file.
  expect(await send({ path: '/_astro/app.abc123.js', headers: { range: 'bytes=-3' } })).toBe(200);
  expect(await send({ path: '/en/', headers: { cookie: 'i18n_redirected=%E0%A4%A' } })).toBe(200);
  expect(await send({ path: '/products', headers: { cookie: 'i18n_redirected=%E0%A4%A' } })).toBe(302);
});

test('an idle connection is kept 65 s and the clients are told so: they close first, so none reuses one as it closes', async () => {
  const header = await new Promise<string | undefined>((resolve, reject) => {
    const agent = new Agent({ keepAlive: true });
    get(`${base}/en/`, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        agent.destroy();
        resolve(res.headers['keep-alive']?.toString());
      });
    }).on('error', reject);
  });
  expect(header).toBe('timeout=65');
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
});

test('issue 49: what the server refuses before any router is answered in the error model under /api, never HTML or an empty body', async () => {
  const { request } = await import('node:http');
  const ask = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      const req = request(`${base}${path}`, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
      });
      req.on('error', reject);
      req.end();
    });
  const errorModel = (body: string) => JSON.parse(body) as { message: string; messages: string[]; errors: object };
  // An empty segment in an API path: a 404 in the error model, not a page's redirect.
  const doubled = await ask('/api/products//');
  expect(doubled.status).toBe(404);
  expect(doubled.type).toBe('application/json');
  expect(errorModel(doubled.body)).toEqual({ message: 'Not found', messages: ['Not found'], errors: {} });
  // Invalid percent-encoding in the path: 400 before the handler, in the requester's language under /api.
  const broken = await ask('/api/products/%E0%A4%A?lang=ar-SA');
  expect(broken.status).toBe(400);
  expect(errorModel(broken.body).message).toBe('تعذّرت قراءة هذا الطلب: تحقّق من عنوانه وبياناته.');
  expect((await ask('/en/%E0%A4%A')).status).toBe(400);
  // A URL over Node's 16 KiB header limit: 431 with a JSON body, not a bare 400 with nothing in it.
  const long = await ask(`/api/products?q=${'x'.repeat(17 * 1024)}`);
  expect(long.status).toBe(431);
  expect(errorModel(long.body).message).toMatch(/too large/);
  const header = await ask('/api/health', { 'x-padding': 'y'.repeat(17 * 1024) });
  expect(header.status).toBe(431);
  expect(header.type).toBe('application/json');
});

test("issue 56: once the build's API module has loaded, /api goes to the API itself, not through Astro; its failures keep the error model", async () => {
  // Before: the stand-in handler (Astro in the real build) answers /api.
  expect(await fetch(`${base}/api/categories`).then((r) => r.json())).toMatchObject({ url: '/api/categories' });
  // The real build's API module registers its answer when Astro first loads it (src/pages/api/[...path].ts).
  const entry = pathToFileURL(join(dist, 'server', 'entry.mjs')).href;
  registerBuildAnswer('api', entry, async (req, res) => {
    if (req.url?.includes('/fails')) throw new Error('an API answer that fails');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ answeredBy: 'api', url: req.url, pad: 'x'.repeat(4000) }));
  });
  // Another build's registration (a publish's next build) never answers for this one.
  registerBuildAnswer('api', pathToFileURL(join(tmpdir(), 'another-build', 'server', 'entry.mjs')).href, async (_req, res) => {
    res.end('{"answeredBy":"another build"}');
  });
  const lines: string[] = [];
  const stopCapture = redirectLog((line) => void lines.push(line));
  try {
    const res = await fetch(`${base}/api/categories`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toMatchObject({ answeredBy: 'api', url: '/api/categories' });
    const failed = await fetch(`${base}/api/fails`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ request_id: failed.headers.get('x-request-id') });
    // Pages and files never go to the API.
    expect((await fetch(`${base}/en/`)).headers.get('content-type')).toContain('text/html');
    await vi.waitFor(() => expect(lines.filter((l) => l.includes('"route":"/api/[...path]"'))).toHaveLength(2));
  } finally {
    stopCapture();
  }
});

test('SIGTERM-style shutdown finishes the in-flight request, then runs the shutdown hooks and refuses new ones', async () => {
  let closed = false;
  onShutdown(() => {
    closed = true;
  });
  const inFlight = fetch(`${base}/en/slow`);
  await vi.waitFor(() => expect((globalThis as { slowRequestsStarted?: number }).slowRequestsStarted).toBe(1));
  const stopping = stopGracefully(server, 5_000);
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect((await res.json()).url).toBe('/en/slow');
  await stopping;
  expect(closed).toBe(true);
  await expect(fetch(`${base}/en/`)).rejects.toThrow();
});

/** The request lines logged for the requests whose ids are given. */
function ownRequests(lines: string[], ids: Record<string, string | null>): { req_id: string }[] {
  const wanted = new Set(Object.values(ids));
  return lines
    .map((line) => JSON.parse(line) as { req_id: string; msg: string })
    .filter((entry) => entry.msg === 'request' && wanted.has(entry.req_id));
}
