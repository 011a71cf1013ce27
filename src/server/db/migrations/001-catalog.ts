import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', idType, id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('sub_categories')
    .addColumn('id', idType, id)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('sellers')
    .addColumn('id', idType, id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_ar', 'text', (c) => c.notNull())
    .addColumn('city_en', 'text', (c) => c.notNull())
    .addColumn('city_ar', 'text', (c) => c.notNull())
    .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('logo', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('products')
    .addColumn('id', idType, id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('sub_category_id', 'integer', (c) => c.notNull().references('sub_categories.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_ar', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('before_discount', 'integer')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weight_grams', 'integer')
    .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('ratings_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('badge_en', 'text')
    .addColumn('badge_ar', 'text')
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('variant_group', 'text')
    .addColumn('variant_label_en', 'text')
    .addColumn('variant_label_ar', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['category_id', 'sub_category_id', 'seller_id', 'variant_group', 'price', 'created_at']) {
    await db.schema.createIndex(`products_${column}_idx`).on('products').column(column).execute();
  }
  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', idType, id)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
