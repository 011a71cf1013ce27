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

test('the 27 governorates are there, and a shopper can have only one primary address', async () => {
  const { db } = await openDatabase({ sqlitePath: ':memory:' });
  const govs = await db.selectFrom('governorates').select(['id', 'delivery_days']).execute();
  expect(govs).toHaveLength(27);
  expect(govs.every((g) => g.delivery_days >= 1 && g.delivery_days <= 3)).toBe(true);
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.eg',
      phone: '+201001234567',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = {
    user_id: user.id,
    title: 'Home',
    governorate_id: govs[0]!.id,
    city: 'Cairo',
    area: 'Maadi',
    street: '9',
    is_primary: 1,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('addresses').values(address).execute();
  await expect(db.insertInto('addresses').values(address).execute()).rejects.toThrow();
  await db
    .insertInto('addresses')
    .values({ ...address, is_primary: 0 })
    .execute();
  await db.destroy();
});
