// `npm run restore -- <backup> [--stop-server]`: puts a backup of `npm run backup` back (a folder, its name under
// BACKUP_DIR, or `latest`). Refuses while a server uses the database unless --stop-server; keeps the current files
// aside until the restored shop has started and answered, and puts them back on any failure. The backup proves itself
// first (its checksums, signed under BACKUP_KEY): a changed file is refused by name. `--trust-unsigned` restores a
// backup taken before checksums were recorded.
// `npm run restore -- --undo`: puts the previous files back after a restore that was killed midway.
// `npm run restore -- --list`: the backups there are.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { serverConfig } = await import('../src/server/config.ts');
const { RestoreRefused, restoreBackup, undoInterruptedRestore } = await import('../src/server/ops/backup/restore.ts');
const { describeBackup, listBackups, readManifest } = await import('../src/server/ops/backup/manifest.ts');

const usage =
  'usage: npm run restore -- <backup folder | name | latest> [--stop-server] [--trust-unsigned]\n       npm run restore -- --list | --undo';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'stop-server': { type: 'boolean' },
      undo: { type: 'boolean' },
      list: { type: 'boolean' },
      'trust-unsigned': { type: 'boolean' },
    },
  });
} catch {
  console.error(usage);
  process.exit(2);
}
const { values, positionals } = parsed;
const config = serverConfig();
if (config.database.url) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore or a base backup and its WAL (README, Production).');
  process.exit(2);
}
const where = { sqlitePath: config.database.sqlitePath, uploadsDir: config.uploadsDir, backupDir: config.backup.dir };
const log = (line) => console.log(line);
let started = 'The shop started on it and answered /api/health. Start the server (npm start) if it is not supervised.';

/** The restored shop, started from the build `npm start` would serve, answers /api/health (no build: nothing to start). */
async function servedShopAnswers() {
  const { pointedBuild } = await import('../src/server/http/live-site.ts');
  const buildsDir = config.followPublish ? config.buildsDir : undefined;
  if (!(buildsDir && pointedBuild(buildsDir)) && !existsSync(join(config.distDir, 'server', 'entry.mjs'))) {
    started = 'No build to start (npm run build): the restored database was checked and migrated, the shop not started.';
    return;
  }
  // A few requests and no search: building the search index would only cost time.
  process.env.SEARCH_AT_START ??= '0';
  const { serve, stopGracefully } = await import('../src/server/http/server.ts');
  const server = await serve({ distDir: config.distDir, host: '127.0.0.1', port: 0, buildsDir });
  try {
    const health = await fetch(`http://127.0.0.1:${server.address().port}/api/health`);
    if (health.status !== 200) throw new Error(`the restored shop answered /api/health with ${health.status}`);
  } finally {
    await stopGracefully(server, 2_000);
  }
}

if (values.list) {
  for (const { name, path } of listBackups(where.backupDir))
    console.log(`${name}\n${describeBackup(readManifest(path)).join('\n')}`);
  process.exit(0);
}
if (values.undo) {
  console.log(undoInterruptedRestore(where.sqlitePath, log) ? 'Done.' : 'No interrupted restore to undo.');
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}
try {
  const { backup, manifest } = await restoreBackup({
    ...where,
    backup: positionals[0],
    stopServers: values['stop-server'],
    key: config.backup.key,
    trustUnsigned: values['trust-unsigned'],
    log,
    answers: servedShopAnswers,
  });
  console.log(`Restored ${backup} into ${where.sqlitePath} and ${where.uploadsDir}:`);
  for (const line of describeBackup(manifest)) console.log(line);
  console.log(started);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(error instanceof RestoreRefused ? 3 : 1);
}
