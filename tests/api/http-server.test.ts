import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { serve, stopGracefully } from '../../src/server/http/server.ts';
import { onShutdown } from '../../src/server/lifecycle.ts';

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

test('SIGTERM-style shutdown finishes the in-flight request, then runs the shutdown hooks and refuses new ones', async () => {
  let closed = false;
  onShutdown(() => {
    closed = true;
  });
  const inFlight = fetch(`${base}/en/slow`);
  await new Promise((r) => setTimeout(r, 100));
  const stopping = stopGracefully(server, 5_000);
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect((await res.json()).url).toBe('/en/slow');
  await stopping;
  expect(closed).toBe(true);
  await expect(fetch(`${base}/en/`)).rejects.toThrow();
});
