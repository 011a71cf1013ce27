// The site the end-to-end journeys run against, built once: a fresh e2e database (the build pre-renders from it and
// the journeys' server then uses it) and a tag-manager container id, so the consent banner and the data layer are
// built in (consent.spec.ts intercepts its URL; there is no internet here). playwright.config.ts runs this before its
// server, unless CI built it already beside lint and typecheck (.ci/run, E2E_PREBUILT=1).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

export const E2E_GTM_ID = 'GTM-TEST123';
const db = process.env.E2E_DATABASE_PATH ?? 'data/e2e.sqlite';

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of [db, `${db}-wal`, `${db}-shm`]) rmSync(file, { force: true });
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_PATH: db, GTM_ID: E2E_GTM_ID },
  });
  process.exit(build.status ?? 1);
}
