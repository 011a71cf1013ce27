import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { demoProducts, type ProductDraft } from './demo-products.ts';
import { seedDemoCoupons } from './demo-coupons.ts';
import { seedDemoReviews } from './demo-reviews.ts';
import { categories, sellers } from './taxonomy.ts';

/** The transaction lock the demo seed takes on PostgreSQL (any fixed number the shop uses for nothing else). */
const SEED_LOCK = 5401;

/** Inserts the demo catalog (and the demo offers' coupons) when the shop has no categories yet; safe to call on every start. */
export async function seedDemoCatalog(db: Kysely<Database>, extra: ProductDraft[] = []): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Instances of a cluster starting together on an empty PostgreSQL database (issue 54): one seeds, the others wait
    // here and then find its categories; without the lock the second one's insert failed on a taken slug, and it died.
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('categories').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const subIds = new Map<string, { id: number; categoryId: number }>();
    for (const [position, category] of categories.entries()) {
      const { id } = await trx
        .insertInto('categories')
        .values({
          slug: category.slug,
          name_en: category.en,
          name_ar: category.ar,
          name_ar_definite: category.arDefinite,
          position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [subPosition, sub] of category.subs.entries()) {
        const row = await trx
          .insertInto('sub_categories')
          .values({ category_id: id, slug: sub.slug, name_en: sub.en, name_ar: sub.ar, position: subPosition })
          .returning('id')
          .executeTakeFirstOrThrow();
        subIds.set(sub.slug, { id: row.id, categoryId: id });
      }
    }
    const sellerIds = new Map<string, number>();
    for (const [n, seller] of sellers.entries()) {
      const row = await trx
        .insertInto('sellers')
        .values({
          slug: seller.slug,
          name_en: seller.en,
          name_ar: seller.ar,
          description_en: seller.descriptionEn,
          description_ar: seller.descriptionAr,
          city_en: seller.cityEn,
          city_ar: seller.cityAr,
          rating: 4 + ((n * 3) % 10) / 10,
          logo: `/api/media/art/gift-${(n * 53) % 360}-0.svg`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sellerIds.set(seller.slug, row.id);
    }
    const drafts = [...demoProducts(), ...extra];
    // The demo's stars are the summary of real review rows (issue 52), not the drafts' numbers.
    await insertDrafts(trx, drafts, subIds, sellerIds, { ratings: false });
    await seedDemoReviews(trx, drafts);
    await seedDemoCoupons(trx);
    return true;
  });
}

type Ids = { subIds: Map<string, { id: number; categoryId: number }>; sellerIds: Map<string, number> };

/** The database ids of every sub-category and seller, by slug. */
export async function taxonomyIds(db: Kysely<Database>): Promise<Ids> {
  const subs = await db.selectFrom('sub_categories').select(['id', 'slug', 'category_id']).execute();
  const sellerRows = await db.selectFrom('sellers').select(['id', 'slug']).execute();
  return {
    subIds: new Map(subs.map((s) => [s.slug, { id: s.id, categoryId: s.category_id }])),
    sellerIds: new Map(sellerRows.map((s) => [s.slug, s.id])),
  };
}

/**
 * Inserts product drafts whose sub-category and seller slugs are already in the database. `ratings: false` leaves the
 * stars at none (the demo seed writes review rows instead); the benchmarks' generated catalog keeps the drafts' numbers.
 */
export async function insertDrafts(
  db: Kysely<Database>,
  drafts: ProductDraft[],
  subIds: Ids['subIds'],
  sellerIds: Ids['sellerIds'],
  { ratings = true }: { ratings?: boolean } = {},
): Promise<void> {
  const rows = drafts.map((p) => {
    const sub = subIds.get(p.subSlug);
    const sellerId = sellerIds.get(p.sellerSlug);
    if (!sub || !sellerId) throw new Error(`Seed product ${p.slug} references unknown ${p.subSlug}/${p.sellerSlug}`);
    return {
      slug: p.slug,
      sku: p.sku,
      category_id: sub.categoryId,
      sub_category_id: sub.id,
      seller_id: sellerId,
      name_en: p.nameEn,
      name_ar: p.nameAr,
      description_en: p.descriptionEn,
      description_ar: p.descriptionAr,
      price: p.price,
      before_discount: p.beforeDiscount,
      stock: p.stock,
      weight_grams: p.weightGrams,
      rating: ratings ? p.rating : 0,
      ratings_count: ratings ? p.ratingsCount : 0,
      // The generated catalog's stars (scale tests) as if that many ratings averaged them; the demo's come from rows.
      ratings_total: ratings ? Math.round(p.rating * p.ratingsCount) : 0,
      badge_en: p.badgeEn,
      badge_ar: p.badgeAr,
      images: JSON.stringify(p.images),
      variant_group: p.variantGroup,
      variant_label_en: p.variantLabelEn,
      variant_label_ar: p.variantLabelAr,
      created_at: p.createdAt,
    };
  });
  // Batches keep PostgreSQL under its bind-parameter limit and SQLite under its variable limit.
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('products')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}
