import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { backupInChild, useShopOnFile } from '../support/backups.ts';
import { startS3StandIn } from '../support/s3-stand-in.ts';

/**
 * With STORAGE_URL, `npm run backup` also copies each finished backup into the bucket (issue 54), off the machine:
 * every file under backups/<name>/, byte for byte, the manifest among them. On PostgreSQL there is no embedded database
 * to back up (skipped, as the other backup tests are).
 */
const shop = await useShopOnFile();
const standIn = await startS3StandIn();
const saved = process.env['STORAGE_URL'];
afterAll(async () => {
  if (saved === undefined) delete process.env['STORAGE_URL'];
  else process.env['STORAGE_URL'] = saved;
  await standIn.close();
});

describe.skipIf(!shop)('a backup copied to the store', () => {
  test('every file of the backup folder is in the bucket under backups/<name>/, and an outage is said, exit 5', async () => {
    process.env['STORAGE_URL'] = standIn.storageUrl();
    const taken = await backupInChild(shop!.where);
    expect(taken.output).toMatch(/copied\s+\d+ files to the store under backups\//);
    expect(taken.code).toBe(0);
    const [name] = readdirSync(shop!.where.backupDir).filter((n) => !n.startsWith('.'));
    const folder = join(shop!.where.backupDir, name!);
    const files = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(folder, join(e.parentPath, e.name)));
    expect(files).toContain('manifest.json');
    expect(files).toContain('shop.sqlite');
    for (const file of files) {
      const object = standIn.objects.get(`backups/${name}/${file}`);
      expect(object?.access, file).toBe('private');
      expect(object!.bytes.equals(readFileSync(join(folder, file))), file).toBe(true);
    }

    standIn.failWhen(({ method }) => method === 'PUT');
    const failed = await backupInChild(shop!.where);
    standIn.failWhen(undefined);
    expect(failed.code).toBe(5);
    expect(failed.output).toContain('but its copy to the store (STORAGE_URL) failed');
  }, 60_000);
});
