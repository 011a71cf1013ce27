// `npm run seed [-- --products N]`: migrates and seeds the demo catalog into the database configured by
// DATABASE_URL (PostgreSQL) or DATABASE_PATH (SQLite, default ./data/shop.sqlite), then adds N generated
// products for scale tests. Generated products continue numbering after earlier runs (GEN-000001 …).
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/index.ts';
import { generatedProducts } from '../src/server/db/seed/generated-products.ts';
import { insertDrafts, taxonomyIds } from '../src/server/db/seed/seed.ts';
import { writeStaleDocuments } from '../src/server/search/documents.ts';

const usage = '--products must be a whole number between 0 and 1000000 (npm run seed -- --products 5000)';
let values;
try {
  ({ values } = parseArgs({ options: { products: { type: 'string', default: '0' } } }));
} catch {
  // parseArgs reads "--products -3" as an unknown option "-3": answer with the same clear message.
  console.error(usage);
  process.exit(2);
}
const count = Number(values.products);
if (!Number.isInteger(count) || count < 0 || count > 1_000_000) {
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
  const { total } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  console.log(`${target}: ${total} products.`);
} finally {
  await db.destroy();
}
