// `npm run seed [-- --products N]`: migrates and seeds the demo catalog into the database configured by
// DATABASE_URL (PostgreSQL) or DATABASE_PATH (SQLite, default ./data/shop.sqlite), then adds N generated
// products for scale tests. Generated products continue numbering after earlier runs (GEN-000001 …).
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/index.ts';
import { generatedProducts } from '../src/server/db/seed/generated-products.ts';
import { insertDrafts, taxonomyIds } from '../src/server/db/seed/seed.ts';
import { seedBenchReviews } from '../src/server/db/seed/bench-reviews.ts';
import { writeStaleDocuments } from '../src/server/search/documents.ts';

// `--reviews N` (issue 52): N generated reviews spread over every product, the products' stars their summary
// (src/server/db/seed/bench-reviews.ts), for the reviews benchmark (docs/benchmarks.md).
const usage =
  '--products and --reviews must be whole numbers between 0 and 1000000 (npm run seed -- --products 5000 --reviews 50000)';
let values;
try {
  ({ values } = parseArgs({
    options: { products: { type: 'string', default: '0' }, reviews: { type: 'string', default: '0' } },
  }));
} catch {
  // parseArgs reads "--products -3" as an unknown option "-3": answer with the same clear message.
  console.error(usage);
  process.exit(2);
}
const count = Number(values.products);
const reviews = Number(values.reviews);
if ([count, reviews].some((n) => !Number.isInteger(n) || n < 0 || n > 1_000_000)) {
  console.error(usage);
  process.exit(2);
}

const target = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : (process.env.DATABASE_PATH ?? './data/shop.sqlite');
const { db } = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  sqlitePath: process.env.DATABASE_PATH ?? './data/shop.sqlite',
});
try {
  if (count > 0) {
    const { n } = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('sku', 'like', 'GEN-%')
      .executeTakeFirstOrThrow();
    const started = performance.now();
    const { subIds, sellerIds } = await taxonomyIds(db);
    await db.transaction().execute((trx) => insertDrafts(trx, generatedProducts(count, Number(n)), subIds, sellerIds));
    console.log(`Added ${count} generated products in ${Math.round(performance.now() - started)} ms.`);
    if (process.env.DATABASE_URL) {
      // PostgreSQL's search documents (decision 038), written here rather than by the first search after the seed.
      const writing = performance.now();
      const written = await writeStaleDocuments(db);
      console.log(`Wrote ${written} search documents in ${Math.round(performance.now() - writing)} ms.`);
    }
  }
  if (reviews > 0) {
    const started = performance.now();
    const { products } = await seedBenchReviews(db, reviews);
    console.log(`Added ${reviews} generated reviews over ${products} products in ${Math.round(performance.now() - started)} ms.`);
  }
  const { total } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  console.log(`${target}: ${total} products.`);
} finally {
  await db.destroy();
}
