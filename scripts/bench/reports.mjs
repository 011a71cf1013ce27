// `npm run bench:reports [-- --orders 200000 --lines 5 --runs 20]`: the reports' API answers at the scale of a busy shop
// (issue 53). Seeds a fresh database with `orders` orders over the past year (one every ~158 s), `lines` lines each
// (1,000,000 by default), their events (placed, confirmed, handed over), card payments for a fifth, and a seller
// commission line for every delivered line, then computes the reports' summaries from them (migration 040's backfill,
// timed); then asks each report API, as a signed-in owner (and the seller report as
// a seller's finance member), for the last 90 days grouped by day, `runs` times, and prints p50/p95/max in ms.
// SQLite in a temporary file; PostgreSQL instead when DATABASE_URL names an empty database of its own.
// Results: docs/benchmarks.md › Reports at a million order lines.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/index.ts';
import { createApi } from '../../src/app/app.ts';
import { inviteStaff } from '../../src/desk/staff/server/staff-accounts.ts';
import { openStaffSession, STAFF_COOKIE } from '../../src/core/actors/server/staff-sessions.ts';
import { cairoToday } from '../../src/lib/cairo-day.ts';
import { addDays } from '../../src/lib/reports/report-period.ts';
import { rebuildOrderSummaries } from '../../src/core/reports/server/order-summaries.ts';
import { catchUpOrderSummaries } from '../../src/core/reports/server/summary-catch-up.ts';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ORDERS = arg('orders', 200_000);
const LINES = arg('lines', 5);
const RUNS = arg('runs', 20);
const pg = Boolean(process.env.DATABASE_URL);

// --keep <file>: seed into that SQLite file once and keep it (a second run reuses it and only measures).
const keepAt = process.argv.indexOf('--keep');
const kept = keepAt > 0 ? process.argv[keepAt + 1] : null;
const dir = pg || kept ? null : await mkdtemp(join(tmpdir(), 'bench-reports-'));
const { db, engine } = await openDatabase(
  pg ? { databaseUrl: process.env.DATABASE_URL } : { sqlitePath: kept ?? join(dir, 'shop.sqlite') },
);
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

// Engine-specific pieces: an ISO instant `i × 158 s` before now, integer division, a series 1..n.
const at = pg
  ? (i) => sql`to_char((now() at time zone 'utc') - make_interval(secs => ${sql.raw(i)} * 158), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
  : (i) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${sql.raw(i)} * 158) || ' seconds')`;
const series = (n) =>
  pg
    ? sql`select generate_series(1, ${n}) as i`
    : sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n}) select i from s`;

async function seed() {
  const t0 = process.hrtime.bigint();
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      first_name: 'Bench',
      last_name: 'Shopper',
      email: 'bench@shop.test',
      phone: '+201000000001',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gov = await db.selectFrom('governorates').select(['id', 'name_en', 'name_ar']).orderBy('id').executeTakeFirstOrThrow();
  const products = await db.selectFrom('products').select(['id', 'seller_id']).orderBy('id').limit(50).execute();
  const first = Number(
    (
      await db
        .selectFrom('orders')
        .select(sql`coalesce(max(id), 0)`.as('m'))
        .executeTakeFirstOrThrow()
    ).m,
  );
  // Statuses by i % 20: 1 cancelled, 1 returned (cancelled after a hand-over), 1 placed, 1 confirmed, 1 with the courier, 15 delivered.
  const status = sql`case i % 20 when 0 then 'CANCELED' when 1 then 'CANCELED' when 2 then 'PLACED' when 3 then 'ACCEPT' when 4 then 'WITH_COURIER' else 'DELIVERED' end`;
  await sql`insert into orders (id, user_id, status, payment_method, locale, subtotal, sale_discount, coupon_discount, shipping_fee,
      wallet_amount, total, address_title, address_country, governorate_id, governorate_en, governorate_ar, address_city,
      address_area, address_street, address_details, delivery_days, payment_status, created_at, updated_at)
    select ${first} + i, ${user.id}, ${status}, case when i % 5 = 0 then 'card' else 'cash_on_delivery' end, 'en',
      ${LINES} * 25000, (i % 3) * 2500, (i % 7) * 1000, 5000, 0, ${LINES} * 25000 - (i % 3) * 2500 - (i % 7) * 1000 + 5000,
      'Home', 'EG', ${gov.id}, ${gov.name_en}, ${gov.name_ar}, 'Cairo', 'Zamalek', 'St', '', 2,
      case when i % 5 = 0 then 'paid' else 'none' end, ${at('i')}, ${at('i')}
    from (${series(ORDERS)}) s`.execute(db);
  const ids = sql.join(
    products.map((p, k) => sql`select ${sql.lit(k)} as k, ${sql.lit(p.id)} as pid`),
    sql` union all `,
  );
  await sql`insert into order_lines (order_id, product_id, name_en, name_ar, image, unit_price, before_discount, quantity, line_total)
    select o.id, p.pid, 'Bench beans', 'بن', null, 25000, null, 1, 25000
    from orders o join (${series(LINES)}) n on 1 = 1 join (${ids}) p on p.k = (o.id * ${LINES} + n.i) % ${products.length}
    where o.id > ${first}`.execute(db);
  for (const [event, when] of [
    ['PLACED', sql`1 = 1`],
    ['ACCEPT', sql`o.status <> 'PLACED' and (o.status <> 'CANCELED' or o.id % 20 = 1)`],
    ['WITH_COURIER', sql`o.status in ('WITH_COURIER', 'DELIVERED') or (o.status = 'CANCELED' and o.id % 20 = 1)`],
    ['DELIVERED', sql`o.status = 'DELIVERED'`],
  ])
    await sql`insert into order_events (order_id, status, actor, created_at) select o.id, ${event}, 'bench', o.created_at from orders o where o.id > ${first} and (${when})`.execute(
      db,
    );
  await sql`insert into payments (order_id, provider, tran_ref, reference, amount, currency, status, created_at, updated_at)
    select o.id, case when o.id % 2 = 0 then 'paytabs' else 'paymob' end, 'T' || o.id, 'R' || o.id, o.total, 'EGP',
      case when o.id % 15 = 0 then 'declined' else 'paid' end, o.created_at, o.created_at
    from orders o where o.id > ${first} and o.payment_method = 'card'`.execute(db);
  await sql`insert into seller_commission_lines (order_id, order_line_id, seller_id, kind, gross, commission, seller_share, rule_scope, transaction_id, created_at)
    select l.order_id, l.id, p.seller_id, 'sale', l.line_total, l.line_total / 10, l.line_total - l.line_total / 10, 'marketplace', 0, o.created_at
    from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id
    where o.id > ${first} and o.status = 'DELIVERED'`.execute(db);
  console.log(`${engine}: rows written in ${(ms(t0) / 1000).toFixed(1)} s`);
  // The rows above were written by SQL, past the summaries' writer: computed from them as migration 040 does.
  const t1 = process.hrtime.bigint();
  await rebuildOrderSummaries(db);
  // The catch-up's watermark past them (decision 039), as the shop's job moves it within a second: a report then looks
  // for uncounted orders among the last minutes' only.
  await catchUpOrderSummaries(db);
  console.log(`${engine}: summaries computed from the rows in ${(ms(t1) / 1000).toFixed(1)} s (migration 040's backfill)`);
  // PostgreSQL reads an index alone only where its visibility map says so: what autovacuum does in a live shop.
  await sql.raw(pg ? 'vacuum analyze' : 'analyze').execute(db);
  const count = async (table) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  console.log(
    `${engine}: seeded in ${(ms(t0) / 1000).toFixed(1)} s — ${await count('orders')} orders, ${await count('order_lines')} lines, ` +
      `${await count('order_events')} events, ${await count('payments')} payments, ${await count('seller_commission_lines')} commission lines`,
  );
  return products[0].seller_id;
}

async function ownerCookie() {
  const email = `bench-owner-${Date.now()}@staff.local`;
  const { staffId } = await inviteStaff(db, { email, name: 'Bench', role: 'owner' }, null);
  await db.updateTable('staff').set({ status: 'active' }).where('id', '=', staffId).execute();
  return `${STAFF_COOKIE}=${await openStaffSession(db, staffId, 'verified', { clientAddress: '127.0.0.1', userAgent: 'bench' })}`;
}

async function sellerCookie(sellerId) {
  const { makeSellerMember } = await import('../../tests/support/seller.ts');
  return (await makeSellerMember(db, sellerId, 'finance')).cookie;
}

const seeded = await db.selectFrom('users').select('id').where('email', '=', 'bench@shop.test').executeTakeFirst();
const sellerId = seeded
  ? (await db.selectFrom('products').select('seller_id').orderBy('id').executeTakeFirstOrThrow()).seller_id
  : await seed();
const api = createApi({ db });
const owner = await ownerCookie();
const seller = await sellerCookie(sellerId);
const to = cairoToday();
const from = addDays(to, -89);
const asks = [
  ['sales', `/api/admin/reports/sales?from=${from}&to=${to}&by=day`, owner],
  ['orders', `/api/admin/reports/orders?from=${from}&to=${to}&by=day`, owner],
  ['payments', `/api/admin/reports/payments?from=${from}&to=${to}`, owner],
  ['cod', `/api/admin/reports/cod?from=${from}&to=${to}`, owner],
  ['catalog', `/api/admin/reports/catalog?from=${from}&to=${to}`, owner],
  ['customers', `/api/admin/reports/customers?from=${from}&to=${to}`, owner],
  ['sales CSV', `/api/admin/reports/sales?from=${from}&to=${to}&by=day&format=csv`, owner],
  ['seller', `/api/seller/reports/sales?from=${from}&to=${to}&by=day`, seller],
];
console.log(`90 days (${from} … ${to}) beside the 90 before, ${RUNS} runs each, ms:`);
console.log('report        p50     p95     max');
// --only <report>: measure one of them (e.g. `--only seller`).
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : null;
for (const [name, path, cookie] of asks.filter(([name]) => !only || name === only)) {
  const times = [];
  for (let run = 0; run < RUNS + 2; run += 1) {
    const t0 = process.hrtime.bigint();
    const res = await api.request(path, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    if (run >= 2) times.push(ms(t0)); // two warm-up runs: the statement cache and the pages read once
  }
  times.sort((a, b) => a - b);
  const pick = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)].toFixed(0);
  console.log(`${name.padEnd(12)} ${pick(0.5).padStart(5)}   ${pick(0.95).padStart(5)}   ${times.at(-1).toFixed(0).padStart(5)}`);
}
await db.destroy();
if (dir) await rm(dir, { recursive: true, force: true });
