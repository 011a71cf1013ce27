// `npm run bench:seller-statement [-- --lines 100000]`: a seller's statement over a ledger where that seller has
// `lines` entries (a year of sales and their releases; 9 other sellers as many again between them), on a scratch
// SQLite file, or on PostgreSQL with DATABASE_URL (a scratch database made and dropped). Times: the statement's first
// page (opening balance, 200 lines, closing balance, line count), a page deep in the period (keyset cursor), the
// whole period as CSV (streamed, read to the end), each the median of 5. Results: docs/benchmarks.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '100000' } } });
const target = Number(values.lines);
const url = process.env.DATABASE_URL;
const root = mkdtempSync(join(tmpdir(), 'bench-statement-'));
const { openDatabase } = await import('../../src/server/db/index.ts');
const { postTransaction } = await import('../../src/core/seller-ledger/server/post.ts');
const { sellerStatement } = await import('../../src/core/seller-ledger/server/index.ts');
const { statementCsv } = await import('../../src/server/documents/seller-statement-csv.ts');
const { dictionary } = await import('../../src/i18n/t.ts');

let dropDatabase = async () => undefined;
let handle;
if (url) {
  const pg = (await import('pg')).default;
  const name = `bench_statement_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  handle = await openDatabase({ databaseUrl: dbUrl.toString() });
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else handle = await openDatabase({ sqlitePath: join(root, 'shop.sqlite') });
const { db } = handle;
const sellers = (await db.selectFrom('sellers').select('id').orderBy('id').limit(10).execute()).map((s) => s.id);
const [seller] = sellers;

// A sale writes one line of the seller's (pending) and a release two (pending out, available in): a third of the
// lines are sales. Other sellers' entries are interleaved, as in a real ledger.
const yearStart = Date.parse('2026-01-01T00:00:00Z');
const step = (365 * 86_400_000) / target;
const started = performance.now();
let written = 0;
let n = 0;
while (written < target) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 2000 && written < target; i++, n++) {
      const owner = n % 2 === 0 ? seller : sellers[1 + (n % (sellers.length - 1))];
      const at = new Date(yearStart + written * step).toISOString();
      const gross = 10_000 + (n % 50) * 100;
      const share = gross - gross / 10;
      await postTransaction(trx, {
        kind: 'sale',
        sellerId: owner,
        orderId: n,
        sourceKey: `bench:sale:${n}`,
        at,
        legs: [
          { account: 'cod_with_couriers', sellerId: null, debit: gross, credit: 0 },
          { account: 'seller_pending', sellerId: owner, debit: 0, credit: share },
          { account: 'commission_revenue', sellerId: null, debit: 0, credit: gross - share },
        ],
      });
      if (owner === seller) written += 1;
      if (owner === seller && written < target) {
        await postTransaction(trx, {
          kind: 'release',
          sellerId: owner,
          orderId: n,
          sourceKey: `bench:release:${n}`,
          at,
          legs: [
            { account: 'seller_pending', sellerId: owner, debit: share, credit: 0 },
            { account: 'seller_available', sellerId: owner, debit: 0, credit: share },
          ],
        });
        written += 2;
      }
    }
  });
}
// What autovacuum would have done in a running shop: the visibility map set (PostgreSQL's index-only scans read no heap)
// and the planner's statistics up to date; without it the first page read every row from the table (1.1 s).
const { sql } = await import('kysely');
await sql.raw(url ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db);
const count = await db
  .selectFrom('ledger_entries')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirstOrThrow();
console.log(
  `${url ? 'PostgreSQL' : 'SQLite'}: seller ${seller} has ${written} lines; ${count.n} entries in all; written in ${Math.round(performance.now() - started)} ms`,
);

const period = { from: '2026-01-01', to: '2026-12-31' };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(label, work) {
  const times = [];
  let result;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    result = await work();
    times.push(performance.now() - t0);
  }
  console.log(`${label}: median ${median(times).toFixed(1)} ms (of ${times.map((t) => t.toFixed(0)).join(', ')})`);
  return result;
}
const first = await timed('statement, first page of 200', () => sellerStatement(db, seller, period));
// The cursor of the line 50,000 lines into the period, as the pages before it would have handed it on.
const deep = await db
  .selectFrom('ledger_entries')
  .select(['created_at', 'id'])
  .where('seller_id', '=', seller)
  .orderBy('created_at')
  .orderBy('id')
  .offset(Math.floor(first.lineCount / 2))
  .limit(1)
  .executeTakeFirstOrThrow();
const cursor = `${deep.created_at}~${deep.id}`;
await timed('statement, a page half-way through the period', () => sellerStatement(db, seller, period, { after: cursor }));
const t = dictionary('ar');
const bytes = await timed(`the whole period as CSV (${first.lineCount} lines)`, async () => {
  let size = 0;
  const reader = statementCsv(db, seller, period, t).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return size;
    size += value.byteLength;
  }
});
console.log(`CSV: ${(bytes / 1e6).toFixed(1)} MB; closing ${first.closing.total} = opening ${first.opening.total} + the lines`);
await db.destroy();
await dropDatabase();
rmSync(root, { recursive: true, force: true });
