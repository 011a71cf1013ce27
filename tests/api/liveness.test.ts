import { expect, test } from 'vitest';
import { testApi } from '../support/test-db.ts';

/**
 * /api/health/live (issue 56): whether the process answers, for a supervisor's restart check and as the benchmarks'
 * "do nothing" baseline. Unlike readiness (/api/health), it never depends on the database or the search index: a
 * shop whose database is down is out of rotation (503 there) but must not be restarted in a loop for it.
 */
test('liveness answers 200 while readiness is 503: before the search index is built, and with the database gone', async () => {
  const t = await testApi();
  // On PostgreSQL there is no index to build (decision 038): ready at once, 503 only once the database is gone.
  expect((await t.json('/api/health')).status).toBe(t.engine === 'postgres' ? 200 : 503);
  const starting = await t.json('/api/health/live');
  expect(starting).toMatchObject({ status: 200, body: { data: { ok: true } } });
  await t.db.destroy();
  const live = await t.json('/api/health/live');
  expect(live.status).toBe(200);
  expect(live.body).toEqual({ data: { ok: true } });
  // Never cached on the way: a proxy's stored "ok" would hide a dead process.
  expect((await t.api.request('/api/health/live')).headers.get('cache-control')).toBe('no-store');
  await t.close().catch(() => undefined);
});
