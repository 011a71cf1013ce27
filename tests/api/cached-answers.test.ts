import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildAnswerOf } from '../../src/server/http/build-answers.ts';
import { cachedRender } from '../../src/server/http/render-cache.ts';
import { SecureResponse, SHOP_POLICY } from '../../src/server/http/security-headers.ts';
import { nameRoute, withRequestRecord, type RequestRecord } from '../../src/server/observability/request-context.ts';

/**
 * Issue 56: the production server asks the live build's render cache before static files, compression and Astro.
 * A page answered that way must be the page a hit through Astro's middleware gives: same body in the encoding the
 * browser asked for, Astro's policy with the shop's directives, `x-render-cache: hit`, and its route in the log.
 */
const page = `<!doctype html><html><head><title>Yirgacheffe</title></head><body>${'<p>coffee</p>'.repeat(300)}</body></html>`;
const astroPolicy = "script-src 'self' 'sha256-abc'; style-src 'self'";
const url = new URL('http://localhost/en/single-product/60');

// The first render (a miss through the middleware) keeps the page, named by its route template as Astro names it.
await withRequestRecord({ id: 'first' }, () => {
  nameRoute('/[locale]/single-product/[id]');
  return cachedRender(
    new Request(url),
    url,
    async () => new Response(page, { headers: { 'content-type': 'text/html', 'content-security-policy': astroPolicy } }),
  );
});

const records: RequestRecord[] = [];
// The render cache registered itself for the build it belongs to (here, its module in src/): the server's lookup.
const answer = buildAnswerOf('cachedPage', join(import.meta.dirname, '../../src'))!;
const server: Server = createServer({ ServerResponse: SecureResponse }, (req, res) => {
  const record: RequestRecord = { id: String(records.length) };
  records.push(record);
  withRequestRecord(record, () => {
    if (!answer(req, res, new URL(req.url!, 'http://localhost'))) res.writeHead(404).end('not cached');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => server.close(resolve)));

test('a cached page is answered in the server as a hit through Astro would be: body, encodings, policy, route', async () => {
  expect(answer).toBeTypeOf('function');
  for (const encoding of ['br', 'gzip', 'identity']) {
    const res = await fetch(`${base}/en/single-product/60`, { headers: { 'accept-encoding': encoding } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
    expect(await res.text()).toBe(page);
    expect(res.headers.get('x-render-cache')).toBe('hit');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    // One policy: Astro's hashes and the shop's directives (issue 34), never one replacing the other.
    expect(res.headers.get('content-security-policy')).toBe(`${astroPolicy}; ${SHOP_POLICY}`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // The same head as the middleware's hit (whose policy the server merges as it writes it).
    const viaAstro = await cachedRender(new Request(url, { headers: { 'accept-encoding': encoding } }), url, () => {
      throw new Error('a cached page is not rendered again');
    });
    for (const name of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary', 'x-render-cache'])
      expect(res.headers.get(name), name).toBe(viaAstro.headers.get(name));
  }
  expect(records.map((r) => r.route)).toEqual(Array(3).fill('/[locale]/single-product/[id]'));
});

test('a page not cached, another address or a HEAD goes on to the rest of the server', async () => {
  expect((await fetch(`${base}/en/single-product/61`)).status).toBe(404);
  expect((await fetch(`${base}/en/single-product/60?sort=price`)).status).toBe(404);
  expect((await fetch(`${base}/en/single-product/60`, { method: 'HEAD' })).status).toBe(404);
});
