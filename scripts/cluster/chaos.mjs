// The cluster's chaos run (issue 54): `npm run cluster -- --instances 3 --chaos 120`. Through the proxy, browsers
// read pages, listings, searches and suggestions; shoppers place cash-on-delivery orders; other shoppers sign in, order
// by card and pay on the payment provider's page (its signed notifications, retried and sometimes repeated, reach the
// shop through the proxy); a staff member signed in with a second factor confirms, prepares and cancels orders on the
// desk and hands orders to the courier company, whose signed notices (picked up, out for delivery, delivered, a
// failed attempt, returned; retried and sometimes repeated, a few forged ones among them) reach the shop through the
// proxy. Meanwhile one instance is killed with SIGKILL every `killEverySeconds` (CHAOS_KILL_EVERY_S, 20) and started
// again a second later. Then the database is checked (chaos-checks.mjs) and what the proxy answered is counted.
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { invariants, soldOf } from './chaos-checks.mjs';
import { browse, chaosClient, courierRounds, deskMoves, shopByCard, shopCash } from './chaos-load.mjs';

const BROWSERS = Number(process.env.CHAOS_BROWSERS ?? 4);
const CASH_SHOPPERS = Number(process.env.CHAOS_SHOPPERS ?? 8);
const CARD_SHOPPERS = Number(process.env.CHAOS_CARD_SHOPPERS ?? 4);

/**
 * Runs the chaos for `seconds` against `base` (the proxy); `provider` is the payment provider the instances use
 * (payment-provider.mjs), `courier` their courier company (courier-company.mjs); `kill` and `restart` act on one
 * instance by index. The database is DATABASE_URL's.
 */
export async function runChaos({ base, provider, courier, seconds, count, kill, restart, killEverySeconds }) {
  const { openDatabase } = await import('../../src/server/db/index.ts');
  const { makeShopper } = await import('../../tests/support/shoppers.ts');
  const { makeAddress } = await import('../../tests/support/orders.ts');
  const { makeStaff } = await import('../../tests/support/staff.ts');
  const { db } = await openDatabase({ databaseUrl: process.env.DATABASE_URL, seed: false });
  // Twenty products with stock for the whole run (the chaos database is a scratch one: `npm run cluster` on a new one).
  const ids = (await db.selectFrom('products').select('id').orderBy('id').limit(20).execute()).map((p) => p.id);
  await db.updateTable('products').set({ stock: 5000 }).where('id', 'in', ids).execute();
  const products = await db.selectFrom('products').select(['id', 'stock']).where('id', 'in', ids).execute();
  // Cards go through Paymob here, as an operator may set it (migration 028): the provider that runs beside the cluster.
  await db.updateTable('payment_methods').set({ gateway: 'paymob', gateway_code: 'card' }).where('code', '=', 'card').execute();
  const before = {
    stock: new Map(products.map((p) => [p.id, p.stock])),
    sold: await soldOf(db, ids),
    lastOrderId:
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
  };
  const shopper = async (i, password) => {
    const email = `chaos${Date.now() % 1e7}${i}@example.com`;
    const made = await makeShopper(db, { email });
    if (password)
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', made.id)
        .execute();
    return { ...made, email, password, addressId: (await makeAddress(db, made.id)).id };
  };
  const cashShoppers = await Promise.all(Array.from({ length: CASH_SHOPPERS }, (_, i) => shopper(i)));
  const cardShoppers = await Promise.all(
    Array.from({ length: CARD_SHOPPERS }, (_, i) => shopper(100 + i, 'chaos-brews-at-dawn')),
  );
  // The staff member signs in the real way (invitation, password, second factor) through the proxy before the kills.
  const proxyApi = { request: (path, init) => fetch(base + path, init) };
  const staff = await makeStaff(db, proxyApi, 'operations');
  const deskCourier = await db
    .insertInto('couriers')
    .values({ name: 'Chaos Courier', phone: '+201001112233', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();

  const client = chaosClient(base);
  const load = { placed: [], paid: [], moves: [], signIns: [], handed: [], tampered: [] };
  // The company's notices are counted with the run's other requests.
  courier.usePost((url, init) => client.call(url, init));
  const card = { provider: provider.base, keys: provider.keys, db, placed: load.placed, paid: load.paid, signIns: load.signIns };
  const until = Date.now() + seconds * 1000;
  const chaos = async () => {
    const every = (killEverySeconds ?? Number(process.env.CHAOS_KILL_EVERY_S ?? 20)) * 1000;
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
  // An actor that throws is a fault of the run itself: kept and reported (the verdict fails), the others go on.
  const actorErrors = [];
  const workers = [
    ...Array.from({ length: BROWSERS }, () => browse(client, products)),
    ...cashShoppers.map((s) => shopCash(client, s, products, load.placed)),
    ...cardShoppers.map((s) => shopByCard(client, s, products, card)),
    deskMoves(client, staff, deskCourier.id, load),
    courierRounds(client, courier, load.handed, load.tampered),
  ].map((worker) => worker.catch((error) => actorErrors.push(String(error?.stack ?? error))));
  const kills = await chaos();
  await new Promise((done) => setTimeout(done, Math.max(0, until - Date.now())));
  client.running = false;
  await Promise.all(workers);
  // The outbox sends within MESSAGE_SEND_MS: a moment for the last orders' messages before counting them.
  await new Promise((done) => setTimeout(done, 3000));
  const report = {
    seconds,
    instances: count,
    kills,
    ...client.tally,
    actorErrors,
    signIns: load.signIns.length,
    ordersPlaced: load.placed.length,
    cashOrders: load.placed.filter((o) => o.method === 'cash_on_delivery').length,
    cardOrders: load.placed.filter((o) => o.method === 'card').length,
    cardPaymentsApproved: load.paid.length,
    deskMoves: load.moves.length,
    delivered: load.moves.filter((m) => m.to === 'DELIVERED').length,
    courier: courierFigures(courier, load),
    ledgerTransactions: Number(
      (
        await db
          .selectFrom('ledger_transactions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('order_id', '>', before.lastOrderId)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
    messagesSent: await messagesOf(db, before.lastOrderId, 'sent'),
    // Still waiting at the end: the outbox's lag behind the orders (a message due to be retried after a failure too).
    messagesQueued: await messagesOf(db, before.lastOrderId, 'queued'),
    checks: await invariants(db, before, load, courier),
  };
  await db.destroy();
  return report;
}

/** What the courier company did and how the shop answered its notices (the checks judge them: chaos-checks.mjs). */
function courierFigures(courier, load) {
  const handed = load.handed.map((h) => courier.parcels.get(h.trackingNumber)?.delivery).filter(Boolean);
  const outcomes = {};
  for (const notice of courier.notices)
    outcomes[notice.outcome ?? notice.status] = (outcomes[notice.outcome ?? notice.status] ?? 0) + 1;
  return {
    handedOver: load.handed.length,
    notices: courier.notices.length,
    posts: courier.notices.reduce((sum, n) => sum + n.posts, 0),
    repeats: courier.notices.filter((n) => n.repeatOutcome !== undefined).length,
    outcomes,
    delivered: handed.filter((d) => d.stateCode === 45).length,
    failedAttempts: handed.reduce((sum, d) => sum + d.attempts, 0),
    returned: handed.filter((d) => d.stateCode === 46).length,
    tampered: load.tampered.length,
    tamperedRefused: load.tampered.filter((t) => t.refused).length,
  };
}

/** The run's order messages in one status. */
async function messagesOf(db, lastOrderId, status) {
  const row = await db
    .selectFrom('order_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('order_id', '>', lastOrderId)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
