import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { setServingBuild } from '../../src/server/http/serving-build.ts';
import { searchIndex } from '../../src/server/search/registry.ts';
import { testApi } from '../support/test-db.ts';

/** /api/health as a load balancer reads it (issue 36, decision 027): starting, ready, switching, degraded. */
const t = await testApi();
afterAll(() => t.close());

const builds = mkdtempSync(join(tmpdir(), 'shop-builds-'));
for (const id of ['b-1', 'b-2']) {
  mkdirSync(join(builds, id, 'server'), { recursive: true });
  writeFileSync(join(builds, id, 'server', 'entry.mjs'), 'export const handler = () => {};');
}

test('ready only once the index is built; during a publish the old build keeps serving (200) and says it is switching', async () => {
  writeFileSync(join(builds, 'current'), 'b-1');
  setServingBuild(join(builds, 'b-1'), builds);
  const starting = await t.json('/api/health');
  if (t.engine === 'postgres') {
    // On PostgreSQL the search lives in the database (decision 038): no index to wait for, ready at once.
    expect(starting.status).toBe(200);
    expect(starting.body.data).toMatchObject({ status: 'ready', search: 'ready', database: 'ok' });
  } else {
    expect(starting.status).toBe(503);
    expect(starting.body.data).toMatchObject({ status: 'starting', search: 'building', database: 'ok' });
  }
  await searchIndex(t.db);
  const ready = await t.json('/api/health');
  expect(ready.status).toBe(200);
  expect(ready.body.data).toEqual({
    ok: true,
    status: 'ready',
    search: 'ready',
    database: 'ok',
    build: { id: 'b-1', published: true },
  });
  // `npm run publish` pointed at the next build; this instance is still loading it.
  writeFileSync(join(builds, 'current'), 'b-2');
  const switching = await t.json('/api/health');
  expect(switching.status).toBe(200);
  expect(switching.body.data).toMatchObject({ status: 'switching', build: { id: 'b-1', published: false } });
  setServingBuild(join(builds, 'b-2'));
  expect((await t.json('/api/health')).body.data).toMatchObject({ status: 'ready', build: { id: 'b-2', published: true } });
});

test('a database that does not answer makes the instance degraded: 503, out of rotation', async () => {
  const other = await testApi();
  await searchIndex(other.db);
  await other.db.destroy();
  const res = await other.json('/api/health');
  expect(res.status).toBe(503);
  expect(res.body.data).toMatchObject({ ok: true, status: 'degraded', database: 'failing', search: 'ready' });
  await other.close().catch(() => undefined);
});
