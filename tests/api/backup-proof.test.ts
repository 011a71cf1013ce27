import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { takeBackup } from '../../src/server/ops/backup/backup.ts';
import { checkDatabaseCopy, readManifest } from '../../src/server/ops/backup/manifest.ts';
import { restoreBackup, RestoreRefused } from '../../src/server/ops/backup/restore.ts';
import { useShopOnFile } from '../support/backups.ts';
import { makeAddress } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';

/**
 * Issue 50: a backup proves itself. A byte changed inside a record keeps the database structurally valid (SQLite's
 * integrity check passes), so only the manifest's signed SHA-256 of each file can tell; a restore refuses it naming the
 * file, and so does `npm run backup -- --verify`. An untouched backup restores.
 */
const onPostgres = Boolean(process.env['DATABASE_URL']);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

const shop = await useShopOnFile();

const STREET = 'Sharia el-Tahrir 41';

/** A copy of a backup folder beside it (each test tampers with its own). */
function copyOf(backup: string, name: string): string {
  const copy = join(shop!.root, name);
  cpSync(backup, copy, { recursive: true });
  return copy;
}

/** Changes one byte of the street inside the address's record: `41` becomes `42`. */
function changeStreet(databaseFile: string): void {
  const bytes = readFileSync(databaseFile);
  const at = bytes.indexOf(Buffer.from(STREET));
  expect(at).toBeGreaterThan(0);
  bytes[at + STREET.length - 1] = '2'.charCodeAt(0);
  writeFileSync(databaseFile, bytes);
}

const verifyCli = (backup: string, key = shop!.where.key) =>
  spawnSync(process.execPath, ['scripts/backup.mjs', '--verify', backup], {
    env: { ...process.env, DATABASE_URL: '', BACKUP_DIR: shop!.where.backupDir, BACKUP_KEY: key },
    encoding: 'utf8',
  });

describe.skipIf(onPostgres)('backups that prove themselves', () => {
  test('a changed byte in a record, a changed upload, another key: refused naming the file; an untouched backup restores', async () => {
    const { db, where } = shop!;
    const shopper = await makeShopper(db);
    const address = await makeAddress(db, shopper.id);
    await db.updateTable('addresses').set({ street: STREET }).where('id', '=', address.id).execute();
    mkdirSync(join(where.uploadsDir, 'partners'), { recursive: true });
    writeFileSync(join(where.uploadsDir, 'partners', 'licence.pdf'), '%PDF-1.4 the licence as sent');
    const { path: backup, manifest } = await takeBackup({ ...where, keep: 7 });
    expect(manifest.format).toBe(2);
    expect(Object.keys(manifest.files!).sort()).toEqual(['shop.sqlite', 'uploads/partners/licence.pdf']);
    expect(manifest.signature?.algorithm).toBe('HMAC-SHA256');

    // One byte inside a record: SQLite still finds the file whole, the checksum does not.
    const street = copyOf(backup, 'street-changed');
    changeStreet(join(street, 'shop.sqlite'));
    expect(checkDatabaseCopy(join(street, 'shop.sqlite'))).toEqual(manifest.counts);
    await expect(restoreBackup({ ...where, backup: street })).rejects.toThrow(
      new RegExp(`does not prove itself: shop\\.sqlite was changed since the backup.*Nothing was changed`),
    );
    const streetCli = verifyCli(street);
    expect(streetCli.status).toBe(4);
    expect(streetCli.stderr).toContain('shop.sqlite was changed since the backup');

    // A changed upload.
    const upload = copyOf(backup, 'upload-changed');
    writeFileSync(join(upload, 'uploads', 'partners', 'licence.pdf'), '%PDF-1.4 the licence as forged');
    await expect(restoreBackup({ ...where, backup: upload })).rejects.toThrow(
      'uploads/partners/licence.pdf was changed since the backup',
    );
    // An upload slipped in, and a checksum rewritten without the key.
    const added = copyOf(backup, 'upload-added');
    writeFileSync(join(added, 'uploads', 'extra.pdf'), '%PDF-1.4 slipped in');
    await expect(restoreBackup({ ...where, backup: added })).rejects.toThrow('uploads/extra.pdf was added to the backup');
    const resigned = copyOf(backup, 'checksum-rewritten');
    changeStreet(join(resigned, 'shop.sqlite'));
    const forged = readManifest(resigned);
    const { sha256OfFile } = await import('../../src/server/ops/backup/proof.ts');
    forged.files!['shop.sqlite'] = await sha256OfFile(join(resigned, 'shop.sqlite'));
    writeFileSync(join(resigned, 'manifest.json'), JSON.stringify(forged));
    await expect(restoreBackup({ ...where, backup: resigned })).rejects.toThrow('manifest.json was changed after');
    // The right backup under another key.
    await expect(restoreBackup({ ...where, key: 'another-operators-key-entirely', backup })).rejects.toThrow(
      /signed with another BACKUP_KEY/,
    );
    expect(verifyCli(backup, 'another-operators-key-entirely').status).toBe(4);

    // Nothing moved: the live database still holds the street, no restore left anything behind.
    const still = await db.selectFrom('addresses').select('street').where('id', '=', address.id).executeTakeFirstOrThrow();
    expect(still.street).toBe(STREET);

    // The untouched backup verifies and restores.
    const clean = verifyCli(backup);
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
    await db.updateTable('addresses').set({ street: 'after the backup' }).where('id', '=', address.id).execute();
    await db.destroy();
    await restoreBackup({ ...where, backup });
    const { openDatabase } = await import('../../src/server/db/index.ts');
    shop!.db = (await openDatabase({ sqlitePath: where.sqlitePath, seed: false })).db;
    const back = await shop!.db.selectFrom('addresses').select('street').where('id', '=', address.id).executeTakeFirstOrThrow();
    expect(back.street).toBe(STREET);
    expect(readFileSync(join(where.uploadsDir, 'partners', 'licence.pdf'), 'utf8')).toBe('%PDF-1.4 the licence as sent');
    // Three CLI processes and a restore: seconds each on a loaded machine.
  }, 120_000);

  test('a backup from before checksums is refused unless the operator says to trust it', async () => {
    const { where } = shop!;
    const { path: backup } = await takeBackup({ ...where, keep: 7 });
    const old = copyOf(backup, 'format-1');
    const manifest = readManifest(old);
    delete manifest.files;
    delete manifest.signature;
    writeFileSync(join(old, 'manifest.json'), JSON.stringify({ ...manifest, format: 1 }));
    await expect(restoreBackup({ ...where, backup: old })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ ...where, backup: old })).rejects.toThrow(/has no checksums/);
  });
});
