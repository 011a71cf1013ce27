// `npm run backup`: a consistent copy of the embedded database (taken while the shop serves) and of the uploads, into
// a timestamped folder under BACKUP_DIR, checked (integrity_check, row counts in manifest.json); the last BACKUP_KEEP
// are kept. One at a time: exits 3 when another backup runs. PostgreSQL shops use pg_dump (README, Production).
// A serving instance runs this same script every BACKUP_EVERY_HOURS (src/server/ops/backup/schedule.ts).
import { getPriority, setPriority } from 'node:os';

// The shop first: the copy and its check take a core's worth of work (docs/benchmarks.md, "Backups"), and a backup
// that takes a little longer costs nobody anything. Niceness only goes up, which needs no privilege.
setPriority(Math.min(19, getPriority() + 10));
const { serverConfig } = await import('../src/server/config.ts');
const { BackupBusy, takeBackup } = await import('../src/server/ops/backup/backup.ts');
const { describeBackup } = await import('../src/server/ops/backup/manifest.ts');

const config = serverConfig();
if (config.database.url) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump or base backups with WAL archiving (README, Production).');
  process.exit(2);
}
const started = performance.now();
try {
  const { path, manifest } = await takeBackup({
    sqlitePath: config.database.sqlitePath,
    uploadsDir: config.uploadsDir,
    backupDir: config.backup.dir,
    keep: config.backup.keep,
  });
  console.log(`Backed up to ${path} in ${Math.round(performance.now() - started)} ms:`);
  for (const line of describeBackup(manifest)) console.log(line);
  console.log(`  peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process)`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(error instanceof BackupBusy ? 3 : 1);
}
