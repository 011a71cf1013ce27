import { sql } from 'kysely';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { checkDatabaseFile, databaseFileOf } from '../db/database-file.ts';
import { servingBuildState, type BuildState } from '../http/serving-build.ts';
import { searchIndexReady } from '../search/registry.ts';
import { metrics } from './metrics.ts';

/**
 * /api/health, what a load balancer asks (decision 027):
 * - `starting` (503): the search index is still being built (a fresh process), so searches would wait;
 * - `switching` (200): a publish is loading the new build; this instance still serves the previous one, safely;
 * - `degraded` (503): the database does not answer, or its file is no longer the one opened (`lost`: deleted,
 *   renamed, replaced, unreadable, its header overwritten; issue 50, src/server/db/database-file.ts);
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
  database: 'ok' | 'failing' | 'lost';
  /** Why the database file is lost (only then). */
  databaseProblem?: string;
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
  // The file first, on every health check (a stat and 16 bytes): `select 1` answers from a deleted file all the same.
  const file = databaseFileOf(db);
  const lost = file && checkDatabaseFile(file);
  const database = lost ? 'lost' : (await databaseAnswers(db)) ? 'ok' : 'failing';
  // SEARCH_AT_START=0 (the publish check's short-lived server): the index waits for the first search, not the start.
  const search = searchIndexReady(db) ? 'ready' : serverConfig().searchAtStart ? 'building' : 'off';
  const build = servingBuildState();
  const status: Readiness =
    database !== 'ok' ? 'degraded' : search === 'building' ? 'starting' : build.published ? 'ready' : 'switching';
  noteReadiness(status === 'ready' || status === 'switching');
  return { ok: true, status, search, database, ...(lost ? { databaseProblem: lost } : {}), build };
}

/** readiness_ready and readiness_changes_total (issue 50): what the balancer was told, and how often that flipped. */
let lastInRotation: boolean | undefined;
function noteReadiness(inRotation: boolean): void {
  const m = metrics();
  if (lastInRotation !== undefined && lastInRotation !== inRotation) m.readinessChanges.inc();
  lastInRotation = inRotation;
  m.readiness.set(inRotation ? 1 : 0);
}

/** The HTTP status a load balancer reads: in rotation only while the instance can serve everything. */
export const healthStatusCode = (health: Health): 200 | 503 =>
  health.status === 'ready' || health.status === 'switching' ? 200 : 503;
