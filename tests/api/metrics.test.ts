import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, test, vi } from 'vitest';
import { cachedRender } from '../../src/server/http/render-cache.ts';
import { checkCatalogVersion } from '../../src/server/services/catalog/catalog-version.ts';
import { serveMetrics } from '../../src/server/observability/metrics-server.ts';
import { searchIndex } from '../../src/server/search/registry.ts';
import { newShopperInput } from '../support/accounts.ts';
import { codOrderOf } from '../support/orders.ts';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text.ts';
import { serveApp } from '../support/serve-app.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The Prometheus endpoint (issue 36, decision 027): its own listener, refused without its token, valid exposition
 * text, and counters and gauges that follow what the shop does.
 */
const t = await testApi();
const TOKEN = 'scrape-token-for-the-metrics-test-0123456789';
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const metricsServer = (await serveMetrics(t.db, { port: await freePort(), host: '127.0.0.1', token: TOKEN }))!;
const metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
let from = 0;
const shop = await serveApp(t.api, { observe: true, env: () => ({ clientAddress: `198.18.3.${(from += 1) % 250}` }) });
afterAll(async () => {
  metricsServer.close();
  await shop.close();
  await t.close();
});

const scrape = async () => {
  const res = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parsePrometheusText(await res.text());
};

test('the endpoint refuses a scrape without its token (or with another), answers only GET /metrics', async () => {
  const without = await fetch(metricsUrl);
  expect(without.status).toBe(401);
  expect(without.headers.get('www-authenticate')).toContain('Bearer');
  expect(await without.text()).not.toContain('http_requests_total');
  expect((await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
  expect((await fetch(metricsUrl, { headers: { authorization: TOKEN } })).status).toBe(401);
  const right = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(right.status).toBe(200);
  expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect((await fetch(metricsUrl.replace('/metrics', '/'), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  expect((await fetch(metricsUrl, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
  // The shop's own port does not serve it: the API answers its not-found problem.
  expect((await fetch(`${shop.base}/metrics`)).status).toBe(404);
  expect(await (await fetch(`${shop.base}/api/metrics`)).text()).not.toContain('# TYPE');
});

test('the output is Prometheus text: the process metrics, the shop families, each with its type', async () => {
  const families = await scrape();
  for (const [name, type] of [
    ['process_cpu_user_seconds_total', 'counter'],
    ['nodejs_heap_size_used_bytes', 'gauge'],
    ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
    ['http_requests_total', 'counter'],
    ['http_request_duration_seconds', 'histogram'],
    ['render_cache_requests_total', 'counter'],
    ['db_query_duration_seconds', 'histogram'],
    ['search_index_ready', 'gauge'],
    ['shop_payments_pending', 'gauge'],
    ['shop_confirmation_queue_length', 'gauge'],
    ['shop_refunds_owed', 'gauge'],
    ['sms_messages_total', 'counter'],
    ['background_job_runs_total', 'counter'],
  ])
    expect(families.get(name!)?.type, name).toBe(type);
  // The reader is strict: it refuses what a scraper would.
  expect(() => parsePrometheusText('# TYPE x counter\nx{a="1} 1\n')).toThrow();
  expect(() => parsePrometheusText('y 1\n')).toThrow(/TYPE/);
});

test('counters and gauges move with what the shop does', async () => {
  const before = await scrape();
  const requests = (labels: Record<string, string>, families = before) =>
    sampleValue(families, 'http_requests_total', labels) ?? 0;
  const products = { method: 'GET', route: '/api/products', status: '200' };
  const product = { method: 'GET', route: '/api/products/:slug', status: '200' };
  const unmatched = { method: 'GET', route: '/api/unmatched', status: '404' };
  const queries = { engine: t.engine, outcome: 'ok' };
  const sms = { provider: 'outbox', outcome: 'sent' };

  for (let i = 0; i < 3; i++) expect((await fetch(`${shop.base}/api/products?page=${i + 1}`)).status).toBe(200);
  expect((await fetch(`${shop.base}/api/products/1`)).status).toBe(200);
  expect((await fetch(`${shop.base}/api/no-such-thing`)).status).toBe(404);
  const signUp = await fetch(`${shop.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newShopperInput()),
  });
  expect(signUp.status).toBe(201);
  await codOrderOf(t.db, t.json, 1, 1);
  // The order's stock change moves the catalog version, which empties the render cache, after the coalescing gap:
  // settled first, so that the page kept below stays kept (in one CI run the purge came after it, at load 9).
  await checkCatalogVersion(t.db);
  const page = new URL('http://shop.test/en/single-product/1');
  const render = async () => new Response('<!doctype html><p>coffee</p>', { headers: { 'content-type': 'text/html' } });
  await cachedRender(new Request(page), page, render);
  await cachedRender(new Request(page), page, render);
  await searchIndex(t.db);

  // The request counters move once the answers are sent (the log line and the counters come after the last byte).
  await vi.waitFor(async () => expect(requests(products, await scrape())).toBe(requests(products) + 3));
  const after = await scrape();
  // The shop's own values are numbers (prom-client's event-loop lag reads NaN until it has measured once).
  const nan = [...after].flatMap(([, f]) => f.samples.filter((s) => Number.isNaN(s.value)).map((s) => s.name));
  expect(nan.filter((name) => !name.startsWith('nodejs_eventloop_lag'))).toEqual([]);
  expect(requests(product, after)).toBe(requests(product) + 1);
  expect(requests(unmatched, after)).toBe(requests(unmatched) + 1);
  expect(sampleValue(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/products' })).toBe(
    (sampleValue(before, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/products' }) ?? 0) + 3,
  );
  expect(sampleValue(after, 'db_query_duration_seconds_count', queries)!).toBeGreaterThan(
    sampleValue(before, 'db_query_duration_seconds_count', queries) ?? 0,
  );
  expect(sampleValue(after, 'sms_messages_total', sms)).toBe((sampleValue(before, 'sms_messages_total', sms) ?? 0) + 1);
  for (const result of ['hit', 'miss'])
    expect(sampleValue(after, 'render_cache_requests_total', { result })).toBe(
      (sampleValue(before, 'render_cache_requests_total', { result }) ?? 0) + 1,
    );
  expect(sampleValue(after, 'render_cache_entries')).toBeGreaterThanOrEqual(1);
  // Gauges read on the scrape: the cash order waits for its call; the index is built and holds the catalog.
  expect(sampleValue(after, 'shop_confirmation_queue_length')).toBe(sampleValue(before, 'shop_confirmation_queue_length')! + 1);
  expect(sampleValue(after, 'search_index_ready')).toBe(1);
  // PostgreSQL's pool is reported (SQLite has none, and no pool series).
  const poolSize = sampleValue(after, 'db_pool_connections', { state: 'total' });
  if (t.engine === 'postgres') expect(poolSize).toBeGreaterThan(0);
  else expect(poolSize).toBeUndefined();
  const { count } = await t.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  // On PostgreSQL the documents live in the database (decision 038): the process holds none.
  if (t.engine === 'postgres') expect(sampleValue(after, 'search_index_documents')).toBe(0);
  else {
    expect(sampleValue(after, 'search_index_documents')).toBeGreaterThan(0);
    expect(sampleValue(after, 'search_index_documents')).toBeLessThanOrEqual(Number(count));
  }
});

test('the sample Grafana dashboard reads only metrics the shop exports', async () => {
  const dashboard = JSON.parse(readFileSync('docs/grafana-dashboard.json', 'utf8')) as {
    panels: { targets: { expr: string }[] }[];
  };
  const exported = new Set<string>();
  for (const [name, family] of await scrape()) {
    // A labelled family nothing has touched yet has no samples: its names are those its type gives it.
    for (const suffix of family.type === 'histogram' ? ['', '_bucket', '_sum', '_count'] : ['']) exported.add(name + suffix);
  }
  const named = dashboard.panels.flatMap((p) =>
    p.targets.flatMap((target) => target.expr.match(/\b[a-z_]+(?=\{|\[| |\))/g) ?? []),
  );
  const metricNames = [...new Set(named)].filter((name) =>
    /^(http|render|search|db|shop|sms|background|process|nodejs)_/.test(name),
  );
  expect(metricNames.length).toBeGreaterThan(15);
  expect(metricNames.filter((name) => !exported.has(name))).toEqual([]);
});
