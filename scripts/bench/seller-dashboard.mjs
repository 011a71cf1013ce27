// `npm run bench:seller-dashboard [-- --orders 10000]`: the server time of the seller dashboard's figures
// (GET /api/seller/dashboard: this month's sales, parts to prepare) for a seller with that many orders, on a scratch
// SQLite shop. Orders are written through the lifecycle (openOrder, openOrderParts), each with a line of the seller's
// and a line of another seller's; three in ten are delivered this month through the desk's mover, the rest wait in
// PLACED or ACCEPT. The request goes through the API in this process (the seller's cookie, its guard and its query),
// timed 200 times after 20 warm-ups. Results: docs/benchmarks.md. Run with --experimental-transform-types (the package
// script does).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchOrder } from './bench-order.mjs';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '10000' } } });
const orderCount = Number(values.orders);
const root = mkdtempSync(join(tmpdir(), 'bench-seller-dashboard-'));
Object.assign(process.env, { DATABASE_PATH: join(root, 'shop.sqlite') });
delete process.env.DATABASE_URL;

const { openDatabase } = await import('../../src/server/db/index.ts');
const { createApi } = await import('../../src/app/app.ts');
const { openOrder, openOrderParts } = await import('../../src/core/orders/server/lifecycle.ts');
const { moveOrder } = await import('../../src/core/orders/server/order-moves.ts');
const { terminalActor } = await import('../../src/core/actors/server/actors.ts');
const { inviteSellerMember } = await import('../../src/seller/accounts/server/invitations.ts');
const { SELLER_REALM } = await import('../../src/core/actors/server/seller-sessions.ts');
const { openSession } = await import('../../src/core/second-factor/server/sign-in/sessions.ts');

const { db } = await openDatabase({ sqlitePath: process.env.DATABASE_PATH });
const sellers = await db.selectFrom('sellers').select('id').orderBy('id').limit(2).execute();
const [mine, other] = await Promise.all(
  sellers.map((s) =>
    db
      .selectFrom('products')
      .select(['id', 'name_en', 'name_ar', 'price'])
      .where('seller_id', '=', s.id)
      .executeTakeFirstOrThrow(),
  ),
);
const governorate = await db.selectFrom('governorates').selectAll().executeTakeFirstOrThrow();
const now = new Date().toISOString();
const user = await db
  .insertInto('users')
  .values({
    first_name: 'Bench',
    last_name: 'Shopper',
    email: 'bench@example.com',
    phone: '+201100000001',
    password_hash: 'x',
    phone_verified_at: now,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const line = (orderId, p) => ({
  order_id: orderId,
  product_id: p.id,
  name_en: p.name_en,
  name_ar: p.name_ar,
  image: null,
  unit_price: p.price,
  before_discount: null,
  quantity: 1,
  line_total: p.price,
});

let started = performance.now();
const ids = [];
await db.transaction().execute(async (trx) => {
  for (let i = 0; i < orderCount; i++) {
    const subtotal = mine.price + other.price;
    const id = await openOrder(trx, benchOrder({ userId: user.id, governorate, subtotal, now }), 'bench');
    await trx
      .insertInto('order_lines')
      .values([line(id, mine), line(id, other)])
      .execute();
    await openOrderParts(trx, id);
    ids.push(id);
  }
});
const courier = await db
  .insertInto('couriers')
  .values({ name: 'Bench courier', phone: '+201001234567', created_at: now })
  .returning('id')
  .executeTakeFirstOrThrow();
const actor = terminalActor('bench');
const steps = ['PLACED', 'ACCEPT', 'PREPARE', 'READY_TO_SHIP', 'WITH_COURIER', 'DELIVERED'];
for (const [n, orderId] of ids.entries()) {
  const last = n % 10 < 3 ? 5 : n % 10 < 6 ? 1 : 0;
  for (let s = 0; s < last; s++)
    await moveOrder(
      db,
      { orderId, from: steps[s], to: steps[s + 1], courierId: courier.id, trackingNumber: `B${orderId}` },
      actor,
    );
}
console.log(`seeded ${orderCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const { token } = await db
  .transaction()
  .execute((trx) =>
    inviteSellerMember(
      trx,
      sellers[0].id,
      { email: 'owner@bench.test', name: 'Bench owner', role: 'owner' },
      { side: 'seller', id: null, sellerId: sellers[0].id, email: 'bench', role: 'owner', clientAddress: 'bench' },
    ),
  );
void token;
const member = await db
  .selectFrom('seller_members')
  .select('id')
  .where('email', '=', 'owner@bench.test')
  .executeTakeFirstOrThrow();
await db.updateTable('seller_members').set({ status: 'active' }).where('id', '=', member.id).execute();
const session = await openSession(db, SELLER_REALM, member.id, 'verified', { clientAddress: '127.0.0.1', userAgent: null });
const api = createApi({ db });
const ask = async () => {
  const t0 = performance.now();
  const res = await api.request(
    '/api/seller/dashboard',
    { headers: { cookie: `bb_seller=${session}` } },
    { clientAddress: '127.0.0.1' },
  );
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, body };
};
for (let i = 0; i < 20; i++) await ask();
const times = [];
let figures;
for (let i = 0; i < 200; i++) {
  const { ms, body } = await ask();
  times.push(ms);
  figures = body.data;
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
console.log(JSON.stringify(figures));
console.log(`GET /api/seller/dashboard, ${orderCount} orders: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
await db.destroy();
