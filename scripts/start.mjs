// `npm start`: builds when there is no build yet, then serves the shop (see src/server/http/server.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const { demoNotice, productionProblems, serverConfig } = await import('../src/server/config.ts');
// One JSON line per event (pino; LOG_FORMAT=pretty for a terminal): src/server/observability/logger.ts.
const { log } = await import('../src/server/observability/logger.ts');
// A malformed variable (STORAGE_URL, a port that is no number) stops the start with the config module's own words.
try {
  serverConfig();
} catch (error) {
  console.error(`Not starting: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// One switch between demo and production (issue 19): a production start refuses what a public shop must not run with.
const problems = productionProblems();
if (problems.length) {
  log().fatal({ problems }, 'NODE_ENV=production, but the shop cannot start');
  process.exit(1);
}

const config = serverConfig();
const { distDir, host, port } = config;
// Never an empty database in place of a lost one (issue 50): no file while backups exist refuses the start.
if (!config.database.url) {
  const { lostDatabaseAtStart } = await import('../src/server/ops/backup/lost-database.ts');
  const lost = lostDatabaseAtStart({ ...config.database, backupDir: config.backup.dir, startEmpty: config.startEmpty });
  if (lost) {
    log().fatal({ database: config.database.sqlitePath }, lost);
    process.exit(1);
  }
}
// `npm run publish` keeps its builds here and names the live one in `current`; the server follows it.
const buildsDir = config.buildsDir;
const pointer = resolve(buildsDir, 'current');
const published =
  existsSync(pointer) && existsSync(resolve(buildsDir, readFileSync(pointer, 'utf8').trim(), 'server', 'entry.mjs'));
if (!published && !existsSync(resolve(distDir, 'server', 'entry.mjs'))) {
  log().info('no build found: building the site first (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `npm run restore` refuses (or stops) the servers using the embedded database, and none starts during a restore.
if (!config.database.url) {
  const { announceServer } = await import('../src/server/ops/database-users.ts');
  try {
    announceServer(config.database.sqlitePath);
  } catch (error) {
    log().fatal({ err: error }, 'the database is being restored: not starting');
    process.exit(1);
  }
}
const { serve, stopGracefully } = await import('../src/server/http/server.ts');
const server = await serve({ distDir, host, port, buildsDir: config.followPublish ? buildsDir : undefined });
// The one place the background jobs start (src/app/background-jobs.ts); stopGracefully stops them.
const { startBackgroundJobs } = await import('../src/app/background-jobs.ts');
const { sharedDatabase } = await import('../src/server/db/index.ts');
startBackgroundJobs((await sharedDatabase()).db, {
  databaseUrl: config.database.url,
  // Scheduled entries and offers publish on their own, from an instance that follows publishes.
  contentSchedule: config.followPublish && config.contentSchedule,
  backupEveryHours: config.database.url ? 0 : config.backup.everyHours,
});
// The Prometheus endpoint on its own port (METRICS_PORT; never the shop's): src/server/observability/metrics-server.ts.
const { serveMetrics } = await import('../src/server/observability/metrics-server.ts');
const metricsServer = await serveMetrics((await sharedDatabase()).db);
log().info(
  { metrics: metricsServer ? `http://${config.metrics.host}:${config.metrics.port}/metrics` : null },
  `Bean Bazaar is serving on http://${host}:${port}/`,
);
// A key rotation not finished (issue 50): secrets still under a retired key need it in STAFF_SECRET_KEYS_OLD.
{
  const { secretCensus } = await import('../src/core/second-factor/server/sign-in/reseal.ts');
  const { STAFF_REALM } = await import('../src/core/actors/server/staff-sessions.ts');
  const { SELLER_REALM } = await import('../src/core/actors/server/seller-sessions.ts');
  const { retired } = await secretCensus((await sharedDatabase()).db, [STAFF_REALM, SELLER_REALM]);
  if (Object.keys(retired).length)
    log().warn(
      { retired },
      'second-factor secrets or recovery codes remain under retired keys: run `npm run staff -- reseal` before dropping a key from STAFF_SECRET_KEYS_OLD',
    );
}
// The demo banner stays plain text on stderr: a person reads it, whatever the log format.
if (!config.production) console.warn(demoNotice(config));

// Requests are guarded one by one (src/server/http/request-guard.ts). What escapes them is logged: a rejected
// promise nobody awaited is a lost background task, so the shop keeps serving; an exception thrown outside any
// request leaves the process in an unknown state, so it finishes what is in flight and exits for its supervisor
// to restart it (decision 015).
process.on('unhandledRejection', (reason) => log().error({ err: reason }, 'process: unhandled rejection (still serving)'));
process.on('uncaughtException', (error) => {
  log().fatal({ err: error }, 'process: uncaught exception: finishing in-flight requests, then exiting for a restart');
  void stopGracefully(server, 5_000).finally(() => process.exit(1));
});
// The embedded database's file lost under the running shop (deleted, renamed, unreadable, overwritten: issue 50,
// src/server/db/database-file.ts): writes are refused from that moment and health answers 503; the process says why
// and exits for its supervisor, whose restart refuses to create an empty database while backups exist. Checked every
// second as well, so a quiet shop notices too.
if (!config.database.url) {
  const { checkDatabaseFile, databaseFileOf, onDatabaseLost } = await import('../src/server/db/database-file.ts');
  const file = databaseFileOf((await sharedDatabase()).db);
  onDatabaseLost((reason) => {
    log().fatal({ database: config.database.sqlitePath, reason }, `database file lost: ${reason}; exiting for a restart`);
    void stopGracefully(server, 5_000).finally(() => process.exit(1));
  });
  if (file) setInterval(() => checkDatabaseFile(file), 1000).unref();
}

// One request of our own starts the search index build now, so no shopper's first search waits
// for it (src/middleware.ts); /api/health says `"search":"ready"` once it is built.
const self = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
await fetch(`http://${self.includes(':') ? `[${self}]` : self}:${port}/api/health`).catch(() => undefined);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log().info({ signal }, 'finishing in-flight requests');
    metricsServer?.close();
    await stopGracefully(server);
    process.exit(0);
  });
}
