import { sql } from 'kysely';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { servingBuildState, type BuildState } from '../http/serving-build.ts';
import { searchIndexReady } from '../search/registry.ts';

/**
 * /api/health, what a load balancer asks (decision 027):
 * - `starting` (503): the search index is still being built (a fresh process), so searches would wait;
 * - `switching` (200): a publish is loading the new build; this instance still serves the previous one, safely;
 * - `degraded` (503): the database does not answer;
 * - `ready` (200).
 * The database is asked at most once a second per database, so a health check stays as cheap as it always was (it
 * is the benchmark's ceiling, docs/benchmarks.md).
 */
export type Readiness = 'starting' | 'switching' | 'degraded' | 'ready';

export interface Health {
  /** The process answers (kept from the first health answer; scripts read it). */
  ok: true;
  status: Readiness;
  search: 'ready' | 'building' | 'off';
  database: 'ok' | 'failing';
  build: BuildState;
}

const PROBE_MS = 1000;
const probes = new WeakMap<ShopDb, { at: number; answer: Promise<boolean> }>();

function databaseAnswers(db: ShopDb): Promise<boolean> {
  const last = probes.get(db);
  if (last && Date.now() - last.at < PROBE_MS) return last.answer;
  const answer = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  probes.set(db, { at: Date.now(), answer });
  return answer;
}

export async function shopHealth(db: ShopDb): Promise<Health> {
  const database = (await databaseAnswers(db)) ? 'ok' : 'failing';
  // SEARCH_AT_START=0 (the publish check's short-lived server): the index waits for the first search, not the start.
  const search = searchIndexReady(db) ? 'ready' : serverConfig().searchAtStart ? 'building' : 'off';
  const build = servingBuildState();
  const status: Readiness =
    database === 'failing' ? 'degraded' : search === 'building' ? 'starting' : build.published ? 'ready' : 'switching';
  return { ok: true, status, search, database, build };
}

/** The HTTP status a load balancer reads: in rotation only while the instance can serve everything. */
export const healthStatusCode = (health: Health): 200 | 503 =>
  health.status === 'ready' || health.status === 'switching' ? 200 : 503;
