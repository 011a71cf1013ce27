import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, openSync, renameSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { onDatabaseLost } from '../../src/server/db/database-file.ts';
import { lostDatabaseAtStart } from '../../src/server/ops/backup/lost-database.ts';
import { searchIndex } from '../../src/server/search/registry.ts';
import { shopOnFile } from '../support/backups.ts';
import { makeAddress, makeProduct, placeOrder } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';

/**
 * Issue 50: the shop notices when the embedded database's file is no longer the one it opened. Deleted, renamed,
 * made unreadable or overwritten while serving: health answers 503 at its next check, an order is refused (503, in
 * the shopper's language), the process is told (to exit for its supervisor), and nothing is written to a new empty
 * file. A start with no file while backups exist is refused unless told to begin empty.
 */
const onPostgres = Boolean(process.env['DATABASE_URL']);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

const roots: (() => void)[] = [];
afterAll(() => roots.forEach((remove) => remove()));

const FAULTS = {
  deleted: (path: string) => ['', '-wal', '-shm'].forEach((end) => rmSync(`${path}${end}`, { force: true })),
  renamed: (path: string) => renameSync(path, `${path}.moved`),
  unreadable: (path: string) => chmodSync(path, 0o000),
  overwritten: (path: string) => {
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x41), 0, 4096, 0);
    closeSync(fd);
  },
} as const;

describe.skipIf(onPostgres)('a database file the shop no longer holds', () => {
  test.each(Object.keys(FAULTS) as (keyof typeof FAULTS)[])(
    '%s while serving: health 503 at the next check, orders refused, nothing written to a new file',
    async (fault) => {
      const shop = await shopOnFile();
      roots.push(shop.remove);
      const { db, json, where } = shop;
      await searchIndex(db);
      const beans = await makeProduct(db, { price: 15000, stock: 50, before_discount: null });
      const shopper = await makeShopper(db);
      const { id: addressId } = await makeAddress(db, shopper.id);
      expect((await placeOrder(json, shopper, beans, { address_id: addressId })).status).toBe(201);
      expect((await json('/api/health')).body.data).toMatchObject({ status: 'ready', database: 'ok' });
      const told: string[] = [];
      const stopListening = onDatabaseLost((reason) => told.push(reason));

      FAULTS[fault](where.sqlitePath);
      // Half the faults meet a write first, half a health check: each notices on its own.
      const healthFirst = fault === 'deleted' || fault === 'unreadable';
      const checkHealth = async () => {
        const health = await json('/api/health');
        expect(health.status).toBe(503);
        expect(health.body.data).toMatchObject({ status: 'degraded', database: 'lost' });
        expect(health.body.data.databaseProblem).toContain(where.sqlitePath);
      };
      if (healthFirst) await checkHealth();
      const refused = await placeOrder(json, shopper, beans, { address_id: addressId });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(/cannot save anything/);
      if (!healthFirst) await checkHealth();
      expect(told).toHaveLength(1);
      const arabic = await json('/api/orders?lang=ar-SA', {
        method: 'POST',
        headers: { ...shopper.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          products: [{ product_id: beans, quantity: 1 }],
          address_id: addressId,
          payment_method: 'cash_on_delivery',
        }),
      });
      expect(arabic.status).toBe(503);
      expect(arabic.body.message).toMatch(/مش قادر يحفظ/);
      expect(told).toHaveLength(1);
      stopListening();
      // The file the shop held did not take the refused orders (read through the handle it still holds).
      if (fault !== 'overwritten') {
        const orders = await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', shopper.id)
          .executeTakeFirstOrThrow();
        expect(Number(orders.n)).toBe(1);
      }
      await db.destroy();
      // Nothing was made at the path.
      if (fault === 'deleted' || fault === 'renamed') expect(existsSync(where.sqlitePath)).toBe(false);
      if (fault === 'unreadable') chmodSync(where.sqlitePath, 0o644);
    },
    60_000,
  );

  test('a start with no database file while backups exist is refused, unless told to begin empty', () => {
    const root = join(process.cwd(), 'data', `lost-start-${process.pid}`);
    roots.push(() => rmSync(root, { recursive: true, force: true }));
    const backupDir = join(root, 'backups');
    const where = { sqlitePath: join(root, 'shop.sqlite'), backupDir, startEmpty: false };
    expect(lostDatabaseAtStart(where)).toBeUndefined();
    mkdirSync(join(backupDir, '2026-11-26T03-00-00-000Z'), { recursive: true });
    closeSync(openSync(join(backupDir, '2026-11-26T03-00-00-000Z', 'manifest.json'), 'w'));
    expect(lostDatabaseAtStart(where)).toMatch(/No database at .* holds 1 backup\(s\) \(newest 2026-11-26T03-00-00-000Z\)/);
    expect(lostDatabaseAtStart({ ...where, startEmpty: true })).toBeUndefined();

    const start = spawnSync(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: where.sqlitePath, BACKUP_DIR: backupDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(start.status).toBe(1);
    expect(start.stdout + start.stderr).toContain('the database was lost. Restore one (npm run restore -- latest)');
    expect(existsSync(where.sqlitePath)).toBe(false);
  }, 60_000);
});
