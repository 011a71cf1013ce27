// `npm start`: builds when there is no build yet, then serves the shop (see src/server/http/server.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const { demoNotice, productionProblems, serverConfig } = await import('../src/server/config.ts');
// One JSON line per event (pino; LOG_FORMAT=pretty for a terminal): src/server/observability/logger.ts.
const { log } = await import('../src/server/observability/logger.ts');
// One switch between demo and production (issue 19): a production start refuses what a public shop must not run with.
const problems = productionProblems();
if (problems.length) {
  log().fatal({ problems }, 'NODE_ENV=production, but the shop cannot start');
  process.exit(1);
}

const config = serverConfig();
const { distDir, host, port } = config;
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
// The one place the background jobs start (src/server/background-jobs.ts); stopGracefully stops them.
const { startBackgroundJobs } = await import('../src/server/background-jobs.ts');
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
