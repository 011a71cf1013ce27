import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { governorates } from '../reference/governorates.ts';

/**
 * Shoppers, Egypt's governorates (with delivery terms) and the address book (spec sections 3 and 6).
 * Booleans are integers 0/1 on both engines so rows read the same from SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', idType, id)
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    // Stored lowercased; unique.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    // E.164 (+20…); unique.
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    // Null until the sign-up code is confirmed; unverified accounts cannot log in.
    .addColumn('phone_verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('governorates')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    // Integer piastres.
    .addColumn('delivery_fee', 'integer', (c) => c.notNull().check(sql`delivery_fee >= 0`))
    .addColumn('delivery_days', 'integer', (c) => c.notNull().check(sql`delivery_days between 1 and 3`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('governorates' as never)
    .values(governorates.map((g, position) => ({ ...g, position })) as never)
    .execute();
  await db.schema
    .createTable('addresses')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // ISO 3166-1 alpha-2; only 'EG' is served.
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('EG'))
    .addColumn('governorate_id', 'integer', (c) => c.notNull().references('governorates.id'))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_primary', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_primary in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();
  // At most one primary address per shopper, enforced by the database (the service keeps exactly one).
  await db.schema
    .createIndex('addresses_one_primary_idx')
    .on('addresses')
    .column('user_id')
    .unique()
    .where(sql.ref('is_primary'), '=', 1)
    .execute();
}
