// The cluster's chaos run (issue 54): `npm run cluster -- --instances 3 --chaos 120`. While shoppers browse, search and
// place cash-on-delivery orders through the proxy, one instance is killed with SIGKILL every CHAOS_KILL_EVERY_S (20)
// seconds and started again. Then the database is checked: every order that got a 201 exists exactly once, stock +
// sold = start for every product ordered, no order message sent twice, every ledger transaction balanced; and what the
// proxy answered is counted (a 5xx for a request the proxy could have retried is a failure).
import { randomUUID } from 'node:crypto';

const SHOPPERS = Number(process.env.CHAOS_SHOPPERS ?? 12);
const BROWSERS = Number(process.env.CHAOS_BROWSERS ?? 4);

/** Runs the chaos for `seconds` against `base` (the proxy); `kill` and `restart` act on one instance by index. */
export async function runChaos({ base, seconds, count, kill, restart }) {
  const { openDatabase } = await import('../../src/server/db/index.ts');
  const { makeShopper } = await import('../../tests/support/shoppers.ts');
  const { makeAddress } = await import('../../tests/support/orders.ts');
  const { db } = await openDatabase({ databaseUrl: process.env.DATABASE_URL, seed: false });
  // Twenty products with stock for the whole run (the chaos database is a scratch one: `npm run cluster` on a new one).
  const ids = (await db.selectFrom('products').select('id').orderBy('id').limit(20).execute()).map((p) => p.id);
  await db.updateTable('products').set({ stock: 5000 }).where('id', 'in', ids).execute();
  const products = await db.selectFrom('products').select(['id', 'stock']).where('id', 'in', ids).execute();
  const start = new Map(products.map((p) => [p.id, p.stock]));
  const soldBefore = await soldOf(db, [...start.keys()]);
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i += 1) {
    const shopper = await makeShopper(db);
    shoppers.push({ ...shopper, addressId: (await makeAddress(db, shopper.id)).id });
  }
  const tally = { requests: 0, statuses: {}, retryable5xx: 0, post5xx: 0, connectionErrors: 0, placed: [] };
  const note = (status) => (tally.statuses[status] = (tally.statuses[status] ?? 0) + 1);
  let running = true;
  const until = Date.now() + seconds * 1000;

  const browse = async () => {
    const paths = () => [
      '/en/',
      `/ar/products?category=1&page=${1 + Math.floor(Math.random() * 3)}`,
      `/en/single-product/${products[Math.floor(Math.random() * products.length)].id}`,
      `/api/autocomplete?q=${['cof', 'قهو', 'gri', 'eth'][Math.floor(Math.random() * 4)]}`,
      '/api/categories',
    ];
    while (running) {
      const all = paths();
      const res = await fetch(base + all[Math.floor(Math.random() * all.length)], { signal: AbortSignal.timeout(30_000) }).catch(
        () => null,
      );
      tally.requests += 1;
      if (!res) tally.connectionErrors += 1;
      else {
        await res.arrayBuffer();
        note(res.status);
        if (res.status >= 500) tally.retryable5xx += 1;
      }
    }
  };
  const shop = async (shopper) => {
    while (running) {
      const product = products[Math.floor(Math.random() * products.length)];
      const key = randomUUID();
      const body = JSON.stringify({
        products: [{ product_id: product.id, quantity: 1 }],
        address_id: shopper.addressId,
        payment_method: 'cash_on_delivery',
        message_consent: true,
      });
      // A shopper's app repeats a checkout that got no answer with the same key, as the API says (Idempotency-Key).
      for (let attempt = 0; attempt < 5 && running; attempt += 1) {
        const res = await fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: { ...shopper.headers, 'content-type': 'application/json', 'idempotency-key': key },
          body,
          signal: AbortSignal.timeout(30_000),
        }).catch(() => null);
        tally.requests += 1;
        if (!res) {
          tally.connectionErrors += 1;
          continue;
        }
        note(res.status);
        const answer = await res.json().catch(() => ({}));
        if (res.status === 201 || res.status === 200) {
          tally.placed.push(answer.data.id);
          break;
        }
        if (res.status >= 500) tally.post5xx += 1;
        else break;
      }
    }
  };
  const chaos = async () => {
    const every = Number(process.env.CHAOS_KILL_EVERY_S ?? 20) * 1000;
    let kills = 0;
    while (Date.now() + every < until) {
      await new Promise((done) => setTimeout(done, every));
      const victim = Math.floor(Math.random() * count);
      kill(victim);
      kills += 1;
      await new Promise((done) => setTimeout(done, 1000));
      restart(victim);
    }
    return kills;
  };
  const workers = [...Array.from({ length: BROWSERS }, browse), ...shoppers.map(shop)];
  const kills = await chaos();
  await new Promise((done) => setTimeout(done, Math.max(0, until - Date.now())));
  running = false;
  await Promise.all(workers);
  const report = {
    seconds,
    kills,
    ...tally,
    placed: tally.placed.length,
    checks: await invariants(db, start, soldBefore, tally.placed),
  };
  await db.destroy();
  return report;
}

/** Units of each product in orders not cancelled. */
async function soldOf(db, productIds) {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.product_id', (eb) => eb.fn.sum('order_lines.quantity').as('n')])
    .where('order_lines.product_id', 'in', productIds)
    .where('orders.status', '!=', 'CANCELED')
    .groupBy('order_lines.product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, Number(row.n)]));
}

/** What must hold after the run, read from the database. */
async function invariants(db, start, soldBefore, placed) {
  const { sql } = await import('kysely');
  const ids = [...new Set(placed)];
  const orders = ids.length ? await db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute() : [];
  const soldAfter = await soldOf(db, [...start.keys()]);
  const now = await db
    .selectFrom('products')
    .select(['id', 'stock'])
    .where('id', 'in', [...start.keys()])
    .execute();
  const stockOff = now.filter((p) => p.stock + (soldAfter.get(p.id) ?? 0) !== start.get(p.id) + (soldBefore.get(p.id) ?? 0));
  const doubled = await db
    .selectFrom('order_messages')
    .select(['order_id', 'kind', 'channel', (eb) => eb.fn.countAll().as('n')])
    .where('status', '=', 'sent')
    .groupBy(['order_id', 'kind', 'channel'])
    .having(sql`count(*)`, '>', 1)
    .execute();
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id'])
    .groupBy('transaction_id')
    .having(sql`sum(debit) - sum(credit)`, '!=', 0)
    .execute();
  return {
    ordersFound: orders.length,
    ordersAnswered201: ids.length,
    duplicateIdsAnswered: placed.length - ids.length,
    productsWithStockOff: stockOff.map((p) => p.id),
    messagesSentTwice: doubled.length,
    unbalancedTransactions: unbalanced.length,
  };
}
