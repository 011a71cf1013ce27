import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Issue 20. Arabic marks a definite noun on the word itself (قهوة → القهوة), and the rule is not mechanical
 * (an adjective takes the article too, المنتجات المميزة; a construct takes it on its last word only, صناديق الهدايا;
 * a brand takes none). So each category stores its Arabic name with the article for phrases such as "كل {name}"
 * ("كل القهوة", not "كل قهوة"); null falls back to the plain name. English needs no such form.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('categories').addColumn('name_ar_definite', 'text').execute();
  // The demo catalog's categories, for shops seeded before this column (a new shop is seeded with it).
  const demo: [string, string][] = [
    ['coffee', 'القهوة'],
    ['equipment', 'المعدات'],
    ['accessories', 'الإكسسوارات'],
    ['specialty', 'المنتجات المميزة'],
  ];
  for (const [slug, definite] of demo) {
    await sql`UPDATE categories SET name_ar_definite = ${definite} WHERE slug = ${slug} AND name_ar_definite IS NULL`.execute(db);
  }
}
