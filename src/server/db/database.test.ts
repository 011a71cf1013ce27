import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from './index.ts';

test('migrations and the demo seed are idempotent across restarts', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'shop-db-')), 'shop.sqlite');
  const count = async () => {
    const handle = await openDatabase({ sqlitePath: file });
    const row = await handle.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await handle.db.destroy();
    return Number(row.n);
  };
  const first = await count();
  expect(first).toBeGreaterThanOrEqual(150);
  expect(await count()).toBe(first);
});

test('a price must be positive: the database refuses a zero price', async () => {
  const { db } = await openDatabase({ sqlitePath: ':memory:' });
  const product = await db.selectFrom('products').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  await expect(
    db
      .insertInto('products')
      .values({ ...product, id: undefined as never, slug: 'free', sku: 'FREE', price: 0 })
      .execute(),
  ).rejects.toThrow();
  await db.destroy();
});
