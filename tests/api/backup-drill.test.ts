import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import type { ShopDb } from '../../src/server/db/index.ts';
import { checkDatabaseCopy, COUNTED_TABLES, listBackups, readManifest } from '../../src/server/ops/backup/manifest.ts';
import { restoreBackup } from '../../src/server/ops/backup/restore.ts';
import { searchIndex } from '../../src/server/search/registry.ts';
import { orderMoney } from '../../src/core/orders/server/refunds.ts';
import { backupInChild, photo, shopOnFile } from '../support/backups.ts';
import { moveOrderTo, payOrder } from '../support/order-states.ts';
import { creditWallet, makeAddress, makeProduct, placeOrder } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { apiClient } from '../support/test-db.ts';

/**
 * Issue 36's restore drill: a shop with orders, payments, refunds, wallet entries and photos is backed up by
 * `npm run backup`'s script (a process of its own) while checkouts and reads keep coming; then the database and the
 * uploads are deleted, and `restoreBackup` brings back exactly what the backup's time says, money and stock balancing.
 * The embedded database only: PostgreSQL's drill is pg-dump-restore.test.ts (on PostgreSQL the file is skipped).
 */
const onPostgres = Boolean(process.env['DATABASE_URL']);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

/** The rows that hold the money and the goods, by id: what a restore must bring back unchanged. */
const MONEY_TABLES = ['orders', 'order_lines', 'payments', 'refunds', 'wallet_ledger'] as const;
const rowsOf = (db: ShopDb, table: (typeof MONEY_TABLES)[number]) => db.selectFrom(table).selectAll().orderBy('id').execute();

/** Every file under a folder, by its path inside it, with its bytes. */
function filesUnder(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      files.set(relative(folder, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)));
  return files;
}

async function soldOf(db: ShopDb, productId: number): Promise<number> {
  const sold = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('order_lines.quantity'), eb.lit(0)).as('n'))
    .where('order_lines.product_id', '=', productId)
    .where('orders.status', '!=', 'CANCELED')
    .executeTakeFirstOrThrow();
  return Number(sold.n);
}

describe.skipIf(onPostgres)('backup and restore of the embedded database and the uploads', () => {
  test('the drill: backed up under load, everything deleted, restored exactly as of the backup, serving again', async () => {
    const shop = await shopOnFile();
    afterAll(shop.remove);
    const { db, where } = shop;
    const operator = await makeStaff(db, shop.api, 'operations');

    // A shop with history: cash orders, a paid card order, a paid one cancelled (a refund owed), wallet entries.
    const START = 5000;
    const beans = await makeProduct(db, { price: 20000, stock: START, before_discount: null });
    type Shopper = Awaited<ReturnType<typeof makeShopper>> & { addressId: number };
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 4; i++) {
      const shopper = await makeShopper(db);
      await creditWallet(db, shopper.id, 10000);
      shoppers.push({ ...shopper, addressId: (await makeAddress(db, shopper.id)).id });
    }
    const order = async (who: Shopper, fields: Record<string, unknown> = {}) => {
      const placed = await placeOrder(shop.json, who, beans, { address_id: who.addressId, ...fields });
      expect(placed.status).toBe(201);
      return placed.body.data.id as number;
    };
    await order(shoppers[0]!, { use_wallet: true });
    await order(shoppers[1]!, { quantity: 2 });
    await payOrder(db, await order(shoppers[2]!, { payment_method: 'card' }));
    const cancelled = await order(shoppers[3]!, { payment_method: 'card' });
    await payOrder(db, cancelled);
    await moveOrderTo(db, cancelled, 'CANCELED', { reason: 'changed my mind' });
    expect(await db.selectFrom('refunds').selectAll().where('order_id', '=', cancelled).execute()).toHaveLength(1);

    const upload = async (colour: string) => {
      const form = new FormData();
      form.append('file', new File([await photo(colour)], 'beans.jpg'));
      const res = await shop.api.request('/api/admin/media/products', {
        method: 'POST',
        body: form,
        headers: { cookie: operator.cookie },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: { url: string } }).data.url;
    };
    const photos = [await upload('#7a4a2a'), await upload('#2a4a7a')];
    const filesBefore = filesUnder(where.uploadsDir);

    // The load: checkouts and reads, from before the backup starts until after it has finished.
    const checkouts: { id: number; sentAt: number; answeredAt: number }[] = [];
    let loading = true;
    // The API on an embedded database answers without I/O: each loop lets the event loop turn, or the child's exit
    // would never be heard.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const checkoutLoop = async (who: Shopper) => {
      while (loading) {
        await turn();
        const sentAt = Date.now();
        const placed = await placeOrder(shop.json, who, beans, { address_id: who.addressId });
        expect(placed.status).toBe(201);
        checkouts.push({ id: placed.body.data.id, sentAt, answeredAt: Date.now() });
      }
    };
    const readLoop = async () => {
      while (loading) {
        await turn();
        expect((await shop.json('/api/products?lang=en')).status).toBe(200);
      }
    };
    const load = [...shoppers.map(checkoutLoop), readLoop(), readLoop()];
    const backup = await backupInChild(where);
    loading = false;
    await Promise.all(load);
    expect(backup.output).toContain('integrity_check ok');
    expect(backup.code).toBe(0);
    // After the backup: an order and a photo it cannot hold.
    const later = await order(shoppers[0]!);
    const laterPhoto = await upload('#2a7a4a');

    const [taken] = listBackups(where.backupDir);
    const manifest = readManifest(taken!.path);
    const takenAt = Date.parse(manifest.takenAt);
    const finishedAt = Date.parse(manifest.finishedAt);
    const live = Object.fromEntries(await Promise.all(MONEY_TABLES.map(async (t) => [t, await rowsOf(db, t)] as const)));

    // The disk goes.
    await db.destroy();
    for (const path of [where.sqlitePath, `${where.sqlitePath}-wal`, `${where.sqlitePath}-shm`, where.uploadsDir])
      rmSync(path, { recursive: true, force: true });

    const restored = await restoreBackup({ ...where, backup: 'latest' });
    expect(restored.manifest.takenAt).toBe(manifest.takenAt);
    const back = await openDatabase({ sqlitePath: where.sqlitePath, seed: false });
    afterAll(() => back.db.destroy());
    const client = apiClient(back.db);

    // Every row the backup's time says: the money tables as they were (ids a prefix: a snapshot has no holes).
    expect(checkDatabaseCopy(where.sqlitePath)).toEqual(manifest.counts);
    expect(Object.keys(manifest.counts)).toEqual([...COUNTED_TABLES]);
    for (const table of MONEY_TABLES) {
      const rows = await rowsOf(back.db, table);
      expect(rows).toEqual(live[table]!.slice(0, rows.length));
    }
    const orderIds = new Set((await back.db.selectFrom('orders').select('id').execute()).map((o) => o.id));
    for (const checkout of checkouts) {
      if (checkout.answeredAt < takenAt) expect(orderIds.has(checkout.id)).toBe(true);
      if (checkout.sentAt > finishedAt) expect(orderIds.has(checkout.id)).toBe(false);
    }
    expect(orderIds.has(later)).toBe(false);
    // The load ran on both sides of the backup's instant.
    expect(checkouts.some((c) => orderIds.has(c.id))).toBe(true);
    expect(checkouts.some((c) => !orderIds.has(c.id))).toBe(true);

    // The money and the stock balance in the restored shop.
    for (const id of orderIds) {
      const money = await orderMoney(back.db, id);
      expect(money.received).toBe(money.refunded + money.kept);
    }
    const stock = await back.db.selectFrom('products').select('stock').where('id', '=', beans).executeTakeFirstOrThrow();
    expect(stock.stock + (await soldOf(back.db, beans))).toBe(START);

    // Every file there was before the backup, byte for byte; not the one uploaded after it.
    const filesAfter = filesUnder(where.uploadsDir);
    for (const [path, bytes] of filesBefore) expect(filesAfter.get(path)?.equals(bytes), path).toBe(true);
    expect([...filesAfter.keys()].some((path) => laterPhoto.includes(path.split('/').at(-1)!.split('-')[0]!))).toBe(false);

    // The restored shop serves: its health (ready once its search index is built, as at any start), a product page's
    // data, a shopper's orders, the photos.
    await searchIndex(back.db);
    expect((await client.json('/api/health')).body.data).toMatchObject({ status: 'ready', database: 'ok' });
    const slug = await back.db.selectFrom('products').select('slug').where('id', '=', beans).executeTakeFirstOrThrow();
    expect((await client.json(`/api/products/${slug.slug}?lang=ar`)).body.data).toMatchObject({ id: beans, stock: stock.stock });
    const own = await client.json('/api/orders', { headers: shoppers[1]!.headers });
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    for (const url of photos) {
      const res = await client.api.request(url);
      expect(res.status).toBe(200);
      const name = url.split('/').at(-1)!;
      expect(Buffer.from(await res.arrayBuffer()).equals(filesBefore.get(join('media', 'products', name))!)).toBe(true);
    }
    expect((await client.api.request(laterPhoto)).status).toBe(404);
    // A backup process of its own and a restore, beside checkouts: 9-11 s on a quiet machine, 20 s once beside the journeys.
  }, 60_000);
});
