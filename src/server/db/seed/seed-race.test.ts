import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { databaseAt, untilNobodyOn, withAdmin } from '#tests/support/database-template.ts';
import { openDatabase, type DatabaseHandle } from '../index.ts';
import { demoProducts } from './demo-products.ts';
import { categories } from './taxonomy.ts';

/**
 * Issue 54: the instances of a cluster start together on one empty PostgreSQL database. Each migrates and seeds at its
 * start; one seed must win and the others find its rows (the seed's transaction lock), not die on a taken slug.
 */
const url = process.env['DATABASE_URL'];

describe.skipIf(!url)('three instances starting at once on an empty PostgreSQL database', () => {
  const name = `shop_race_${randomBytes(6).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.db.destroy();
    await withAdmin(url!, async (admin) => {
      await untilNobodyOn(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  });

  test('each one starts, and the demo catalog is there once', async () => {
    await withAdmin(url!, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const started = await Promise.allSettled(
      Array.from({ length: 3 }, () => openDatabase({ databaseUrl: databaseAt(url!, name) })),
    );
    for (const outcome of started) if (outcome.status === 'fulfilled') handles.push(outcome.value);
    expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    const count = async (table: 'categories' | 'products') =>
      Number(
        (
          await handles[0]!.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('categories')).toBe(categories.length);
    expect(await count('products')).toBe(demoProducts().length);
  });
});
