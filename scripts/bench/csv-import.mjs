// `npm run bench:csv [-- --rows 10000]`: a CSV import of new products (issue 23) on a fresh demo database, the dry run
// and then the write, each timed, with the process's peak memory. SQLite in a temporary file; PostgreSQL as well when
// DATABASE_URL is set (a database of its own, dropped afterwards). Results: docs/benchmarks.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Papa from 'papaparse';
import { openDatabase } from '../../src/server/db/index.ts';
import { inviteStaff } from '../../src/desk/staff/server/staff-accounts.ts';
import { importCatalogCsv } from '../../src/desk/catalog/server/csv-import.ts';
import { onCatalogVersion } from '../../src/server/services/catalog/catalog-version.ts';

const rowsArg = process.argv.indexOf('--rows');
const count = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 10_000;

/** `count` new products, every column filled, in both languages. */
async function csvFor(db) {
  const sub = await db.selectFrom('sub_categories').select('slug').orderBy('id').executeTakeFirstOrThrow();
  const seller = await db.selectFrom('sellers').select('slug').orderBy('id').executeTakeFirstOrThrow();
  return Papa.unparse(
    Array.from({ length: count }, (_, i) => ({
      sku: `BENCH-${i + 1}`,
      name_en: `Benchmark beans no. ${i + 1}, 250 g`,
      name_ar: `بن القياس رقم ${i + 1}، 250 جم`,
      description_en: 'A coffee from the roaster’s spreadsheet, with a description of ordinary length for a product page.',
      description_ar: 'قهوة من جدول بيانات المحمصة، بوصف بطول عادي لصفحة منتج في المتجر.',
      sub_category: sub.slug,
      seller: seller.slug,
      price: `${100 + (i % 400)}.50`,
      old_price: i % 5 === 0 ? `${600 + (i % 400)}.00` : '',
      stock: String(i % 50),
      weight_grams: '250',
      badge_en: i % 10 === 0 ? 'New' : '',
      badge_ar: i % 10 === 0 ? 'جديد' : '',
    })),
  );
}

async function measure(label, work) {
  const start = performance.now();
  const result = await work();
  const seconds = (performance.now() - start) / 1000;
  return { label, seconds, peakMb: process.resourceUsage().maxRSS / 1024, result };
}

async function run(name, options) {
  const { db } = await openDatabase(options);
  try {
    const { staffId } = await inviteStaff(db, { email: 'bench@staff.test', name: 'Bench', role: 'owner' }, null);
    const actor = { id: staffId, email: 'bench@staff.test', name: 'Bench', role: 'owner', clientAddress: 'cli' };
    const text = await csvFor(db);
    const dry = await measure('dry run', () => importCatalogCsv(db, text, true, actor));
    // The write, until the shop has moved to the new catalog version it announces (what pages are cached under).
    const write = await measure('write', async () => {
      const moved = new Promise((resolve) => {
        const stop = onCatalogVersion(() => (stop(), resolve()));
      });
      const report = await importCatalogCsv(db, text, false, actor);
      await moved;
      return report;
    });
    // The same rows again with every price changed: 10,000 updates by SKU.
    const repriced = text.replace(/,(\d+)\.50,/g, (_, pounds) => `,${Number(pounds) + 1}.50,`);
    const update = await measure('write, every row an update', async () => {
      const moved = new Promise((resolve) => {
        const stop = onCatalogVersion(() => (stop(), resolve()));
      });
      const report = await importCatalogCsv(db, repriced, false, actor);
      await moved;
      return report;
    });
    console.log(`${name}: ${count} rows, ${(text.length / 1024 / 1024).toFixed(1)} MB of CSV`);
    for (const m of [dry, write, update]) {
      console.log(
        `  ${m.label}: ${m.seconds.toFixed(2)} s, peak RSS ${m.peakMb.toFixed(0)} MB (create ${m.result.create}, update ${m.result.update}, refused ${m.result.refused}, applied ${m.result.applied})`,
      );
    }
  } finally {
    await db.destroy();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'csv-bench-'));
try {
  await run('SQLite', { sqlitePath: join(dir, 'shop.sqlite'), seed: true });
} finally {
  await rm(dir, { recursive: true, force: true });
}
const url = process.env['DATABASE_URL'];
if (url) {
  const name = `csv_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  try {
    await run('PostgreSQL', { databaseUrl: own.toString(), seed: true });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
