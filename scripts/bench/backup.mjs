// `npm run bench:backup [-- --products 100000 --orders 100000]`: the time and memory of `npm run backup` on a scratch
// shop of that size (generated products as `npm run seed` makes them, orders with a line each, card payments, wallet
// entries, 500 photo-sized uploads), and what a backup costs the shop's throughput while it runs: the shop's API in
// this process answers product pages, listings and checkouts from 8 concurrent clients before, during and after a
// backup taken by the script in a process of its own. Results: docs/benchmarks.md. Run with Node's
// --experimental-transform-types (the package script does): the API's modules use TypeScript beyond type stripping.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchOrder } from './bench-order.mjs';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '100000' },
    // A scratch folder kept between runs: filled on the first, reused after (seeding 100,000 of each takes minutes).
    dir: { type: 'string' },
  },
});
const productCount = Number(values.products);
const orderCount = Number(values.orders);
const root = values.dir ?? mkdtempSync(join(tmpdir(), 'bench-backup-'));
const reused = existsSync(join(root, 'shop.sqlite'));
const where = { sqlitePath: join(root, 'shop.sqlite'), uploadsDir: join(root, 'uploads'), backupDir: join(root, 'backups') };
Object.assign(process.env, { DATABASE_PATH: where.sqlitePath, UPLOADS_DIR: where.uploadsDir, BACKUP_DIR: where.backupDir });
delete process.env.DATABASE_URL;

const { openDatabase } = await import('../../src/server/db/index.ts');
const { generatedProducts } = await import('../../src/server/db/seed/generated-products.ts');
const { insertDrafts, taxonomyIds } = await import('../../src/server/db/seed/seed.ts');
const { startSession } = await import('../../src/server/auth/refresh-tokens.ts');
const { createApi } = await import('../../src/app/app.ts');
const { openOrder, openPayment } = await import('../../src/core/orders/server/lifecycle.ts');

const { db } = await openDatabase({ sqlitePath: where.sqlitePath });
async function addProducts(count) {
  const { subIds, sellerIds } = await taxonomyIds(db);
  await db.transaction().execute((trx) => insertDrafts(trx, generatedProducts(count, 0), subIds, sellerIds));
}

/**
 * Orders through the lifecycle's own writers (one line each; a third by card with a payment attempt, a tenth using
 * the wallet), in transactions of 10,000: fast enough, and the shape of a real shop's tables.
 */
async function addOrders(count) {
  const now = new Date().toISOString();
  const governorate = await db.selectFrom('governorates').selectAll().executeTakeFirstOrThrow();
  const products = await db
    .selectFrom('products')
    .select(['id', 'name_en', 'name_ar', 'price'])
    .orderBy('id')
    .limit(5000)
    .execute();
  const users = [];
  for (let i = 0; i < 1000; i++) {
    const row = await db
      .insertInto('users')
      .values({
        first_name: 'Bench',
        last_name: 'Shopper',
        email: `bench${i}@example.com`,
        phone: `+2011${String(i).padStart(8, '0')}`,
        password_hash: 'x',
        phone_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(row.id);
  }
  const actor = 'bench';
  for (let from = 0; from < count; from += 10_000) {
    await db.transaction().execute(async (trx) => {
      for (let i = from; i < Math.min(count, from + 10_000); i++) {
        const product = products[i % products.length];
        const card = i % 3 === 0;
        const fromWallet = !card && i % 10 === 1 ? 1000 : 0;
        const total = product.price + governorate.delivery_fee - fromWallet;
        const userId = users[i % users.length];
        const id = await openOrder(
          trx,
          benchOrder({
            userId,
            governorate,
            subtotal: product.price,
            now,
            status: card ? 'PENDING' : 'PLACED',
            card,
            wallet: fromWallet,
          }),
          actor,
        );
        await trx
          .insertInto('order_lines')
          .values({
            order_id: id,
            product_id: product.id,
            name_en: product.name_en,
            name_ar: product.name_ar,
            image: null,
            unit_price: product.price,
            before_discount: null,
            quantity: 1,
            line_total: product.price,
          })
          .execute();
        if (card)
          await openPayment(trx, {
            order_id: id,
            provider: 'paytabs',
            tran_ref: `BENCH${id}`,
            reference: `BB-${id}`,
            amount: total,
            currency: 'EGP',
            created_at: now,
            updated_at: now,
          });
        if (fromWallet)
          await trx
            .insertInto('wallet_ledger')
            .values({ user_id: userId, amount: -fromWallet, reason: 'order', order_id: id, note: null, created_at: now })
            .execute();
      }
    });
  }
}
if (!reused) {
  let started = performance.now();
  await addProducts(productCount);
  console.log(`${productCount} products in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  await addOrders(orderCount);
  console.log(`${orderCount} orders in ${Math.round(performance.now() - started)} ms`);
  mkdirSync(join(where.uploadsDir, 'media', 'products'), { recursive: true });
  for (let i = 0; i < 500; i++)
    writeFileSync(
      join(where.uploadsDir, 'media', 'products', `${randomBytes(12).toString('hex')}-640.webp`),
      randomBytes(30_000),
    );
}

/** The backup script in a process of its own; its duration and peak memory as it reports them. */
function backup() {
  return new Promise((done, failed) => {
    const child = spawn(process.execPath, ['scripts/backup.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (code !== 0) return failed(new Error(`backup exited ${code}: ${output}`));
      done({ ms: Number(/in (\d+) ms/.exec(output)[1]), mb: Number(/peak memory (\d+) MB/.exec(output)[1]), output });
    });
  });
}

const runs = [];
for (let i = 0; i < 3; i++) runs.push(await backup());
console.log(runs[0].output.trim());
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(
  `backup alone: median ${median(runs.map((r) => r.ms))} ms (${runs.map((r) => r.ms).join(', ')}), peak ${median(runs.map((r) => r.mb))} MB`,
);

// Throughput: 8 clients of the shop's API (product pages, listings, checkouts: 4 : 3 : 1) for a window of time.
const api = createApi({ db });
const slugs = (await db.selectFrom('products').select('slug').orderBy('id').limit(20_000).execute()).map((p) => p.slug);
const shopperRow = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
const session = await startSession(db, shopperRow.id);
const address = await db
  .insertInto('addresses')
  .values({
    user_id: shopperRow.id,
    title: 'Home',
    governorate_id: (await db.selectFrom('governorates').select('id').executeTakeFirstOrThrow()).id,
    city: 'Cairo',
    area: 'Zamalek',
    street: '26 July St',
    is_primary: 0,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  })
  .returning('id')
  .executeTakeFirstOrThrow();
// Checkouts buy from 50 products stocked for the whole run.
const stocked = await db.selectFrom('products').select('id').orderBy('id').limit(50).execute();
await db
  .updateTable('products')
  .set({ stock: 1_000_000 })
  .where(
    'id',
    'in',
    stocked.map((p) => p.id),
  )
  .execute();
const pick = (list) => list[Math.floor(Math.random() * list.length)];
let n = 0;
async function request() {
  n += 1;
  const kind = n % 8;
  const from = { clientAddress: `198.18.${(n >> 8) % 250}.${n % 250}` };
  if (kind < 4) return { kind: 'reads', res: await api.request(`/api/products/${pick(slugs)}?lang=en`, undefined, from) };
  if (kind < 7) {
    const page = 1 + Math.floor(Math.random() * 200);
    return { kind: 'reads', res: await api.request(`/api/products?per_page=24&page=${page}&sort=newest`, undefined, from) };
  }
  const order = {
    products: [{ product_id: pick(stocked).id, quantity: 1 }],
    address_id: address.id,
    payment_method: 'cash_on_delivery',
  };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` };
  return {
    kind: 'checkouts',
    res: await api.request('/api/orders', { method: 'POST', headers, body: JSON.stringify(order) }, from),
  };
}
/** Requests answered per second by 8 clients until `until` resolves (or `ms` pass). */
async function throughput(until) {
  const answered = { reads: 0, checkouts: 0 };
  let failed = 0;
  let running = true;
  const start = performance.now();
  const client = async () => {
    while (running) {
      await new Promise((resolve) => setImmediate(resolve));
      const { kind, res } = await request();
      if (res.status < 400) answered[kind] += 1;
      else failed += 1;
    }
  };
  const clients = Array.from({ length: 8 }, client);
  const result = await until;
  running = false;
  await Promise.all(clients);
  const seconds = (performance.now() - start) / 1000;
  const rate = (count) => (count / seconds).toFixed(1);
  return { reads: rate(answered.reads), checkouts: rate(answered.checkouts), failed, seconds: seconds.toFixed(1), result };
}
const forMs = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const before = await throughput(forMs(Number(process.env.BENCH_WINDOW_MS ?? 8_000)));
const during = await throughput(backup());
const after = await throughput(forMs(Number(process.env.BENCH_WINDOW_MS ?? 8_000)));
const line = (name, t) => `${name}: ${t.reads} reads/s, ${t.checkouts} checkouts/s (${t.seconds} s, ${t.failed} failed)`;
console.log(line('before', before));
console.log(`${line('during a backup', during)}; the backup took ${during.result.ms} ms, peak ${during.result.mb} MB`);
console.log(line('after', after));
await db.destroy();
if (!values.dir) rmSync(root, { recursive: true, force: true });
else rmSync(where.backupDir, { recursive: true, force: true });
