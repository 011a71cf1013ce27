// `npm run backup`: a consistent copy of the embedded database (taken while the shop serves) and of the uploads, into
// a timestamped folder under BACKUP_DIR, checked (integrity_check, row counts in manifest.json); the last BACKUP_KEEP
// are kept. One at a time: exits 3 when another backup runs. PostgreSQL shops use pg_dump (README, Production).
// A serving instance runs this same script every BACKUP_EVERY_HOURS (src/server/ops/backup/schedule.ts).
// `npm run backup -- --verify <backup>` checks one (a folder, its name under BACKUP_DIR, or `latest`) without
// restoring it: its signed checksums under BACKUP_KEY, then SQLite's integrity check and the rows (exit 0, or 4).
import { getPriority, setPriority } from 'node:os';

// The shop first: the copy and its check take a core's worth of work (docs/benchmarks.md, "Backups"), and a backup
// that takes a little longer costs nobody anything. Niceness only goes up, which needs no privilege.
setPriority(Math.min(19, getPriority() + 10));
const { serverConfig } = await import('../src/server/config.ts');
const { BackupBusy, takeBackup } = await import('../src/server/ops/backup/backup.ts');
const { describeBackup } = await import('../src/server/ops/backup/manifest.ts');

const config = serverConfig();
if (process.argv[2] === '--verify') {
  const { verifyBackupFolder } = await import('../src/server/ops/backup/verify.ts');
  const name = process.argv[3];
  if (!name || process.argv.length > 4) {
    console.error('usage: npm run backup -- --verify <backup folder | name | latest>');
    process.exit(2);
  }
  const problem = await verifyBackupFolder(name, config.backup.dir, config.backup.key);
  if (problem) console.error(`Not verified: ${problem}`);
  else
    console.log(
      `Verified: every file of ${name} is as it was backed up, signed with this BACKUP_KEY, and the database is whole.`,
    );
  process.exit(problem ? 4 : 0);
}
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
    key: config.backup.key,
  });
  console.log(`Backed up to ${path} in ${Math.round(performance.now() - started)} ms:`);
  for (const line of describeBackup(manifest)) console.log(line);
  // With STORAGE_URL, a copy goes to the bucket too (off the machine): backups/<name>/ (docs/operations.md).
  if (config.storage.kind === 's3') {
    const { copyBackupToStore, backupKeyPrefix } = await import('../src/server/ops/backup/copy-to-store.ts');
    const { uploadStore } = await import('../src/server/uploads/upload-store.ts');
    try {
      const copied = await copyBackupToStore(path, uploadStore());
      console.log(`  copied     ${copied.files} files to the store under ${backupKeyPrefix(path)}`);
    } catch {
      // The store's own answer is in the log line above (storeUnavailable).
      console.error(
        `The backup is in ${path}, but its copy to the store (STORAGE_URL) failed; copy it by hand or wait for the next.`,
      );
      process.exit(5);
    }
  }
  console.log(`  peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process)`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(error instanceof BackupBusy ? 3 : 1);
}
