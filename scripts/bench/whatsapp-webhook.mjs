// `npx node --experimental-transform-types --no-warnings scripts/bench/whatsapp-webhook.mjs` (after `npm run build`):
// WhatsApp's webhook under load beside the shop (issue 37). The built shop (`scripts/start.mjs`, MESSAGING=demo, its
// background jobs and the outbox) on a fresh demo-seeded database; ORDERS (500) cash-on-delivery orders with consent
// placed through its API, their confirmations sent by the outbox. Then, for SECONDS (30), RATE (200) signed webhook
// posts a second (X-Hub-Signature-256 over each raw body with the demo app secret): delivery statuses for the
// confirmations, quick replies (Confirm, or Cancel for one order in five) to random orders still waiting, second
// replies to orders that have moved on, and replays of posts already made (same event id, as Meta retries). Beside
// them autocannon browses random product pages (both languages) and /api/health, as it did for the same time before
// the posts. Afterwards: no 5xx, each order moved at most once by a reply (order_events), the webhook's latency, and
// the pages' requests a second against /api/health's before and during. Results: docs/benchmarks.md.
// Env: PROFILE_DIR (a CPU profile of the server), BENCH_PORT (4490), DIST_DIR (dist), ORDERS, BENCH_SECONDS, RATE, CANCEL_SHARE (0.2), BENCH_DB (data/bench-whatsapp.sqlite, recreated);
// CATALOG_COALESCE_MS passes to the server (0: a new catalog version per cancel, as before issue 37's last stop).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';

const port = Number(process.env.BENCH_PORT ?? 4490);
const orderCount = Number(process.env.ORDERS ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const rate = Number(process.env.RATE ?? 200);
// The share of first replies that cancel (stock goes back: the catalog version moves).
const cancelShare = Number(process.env.CANCEL_SHARE ?? 0.2);
const databasePath = process.env.BENCH_DB ?? 'data/bench-whatsapp.sqlite';
for (const suffix of ['', '-wal', '-shm']) rmSync(databasePath + suffix, { force: true });

// The shoppers' tokens are signed here and checked by the server: one key for both.
Object.assign(process.env, {
  DATABASE_PATH: databasePath,
  AUTH_TOKEN_SECRET: randomBytes(24).toString('hex'),
  MESSAGING: 'demo',
  MESSAGE_SEND_MS: '200',
  SMS_OUTBOX_QUIET: '1',
});
delete process.env.DATABASE_URL;
const { openDatabase } = await import('../../src/server/db/index.ts');
const { startSession } = await import('../../src/server/auth/refresh-tokens.ts');
const { serverConfig } = await import('../../src/server/config.ts');
const { signWebhookBody } = await import('../../src/server/messaging/whatsapp-signature.ts');
const { waNumber } = await import('../../src/server/messaging/whatsapp-cloud.ts');

const base = `http://127.0.0.1:${port}`;
// PROFILE_DIR: the server writes a V8 CPU profile there when it stops (read it with scripts/bench/profile-top.mjs).
const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
const server = spawn(process.execPath, [...profile, 'scripts/start.mjs'], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    BUILDS_DIR: 'data/bench-whatsapp-builds',
    LOG_LEVEL: 'warn',
    BACKUP_EVERY_HOURS: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
for (let i = 0; ; i += 1) {
  const up = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 600) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

// The orders: each a shopper of their own (a session, a Cairo address), placed through the API with consent.
const { db } = await openDatabase({ sqlitePath: databasePath });
// A scratch database: stock enough that no order of the run is refused for it.
await db.updateTable('products').set({ stock: 100_000 }).execute();
const products = (await db.selectFrom('products').select('id').execute()).map((p) => p.id);
const governorate = await db.selectFrom('governorates').select('id').where('code', '=', 'C').executeTakeFirstOrThrow();
const pick = (list) => list[Math.floor(Math.random() * list.length)];
async function placeOrder(n) {
  const now = new Date().toISOString();
  const phone = `+2010${String(70_000_000 + n).padStart(8, '0')}`;
  const user = await db
    .insertInto('users')
    .values({
      first_name: 'Bench',
      last_name: `Shopper ${n}`,
      email: `bench-whatsapp-${n}@example.com`,
      phone,
      password_hash: 'not-a-real-hash',
      phone_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = await db
    .insertInto('addresses')
    .values({
      user_id: user.id,
      title: 'Home',
      governorate_id: governorate.id,
      city: 'Cairo',
      area: 'Zamalek',
      street: '26 July St',
      is_primary: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { access_token } = await startSession(db, user.id);
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({
      products: [{ product_id: pick(products), quantity: 1 }],
      address_id: address.id,
      payment_method: 'cash_on_delivery',
      message_consent: true,
    }),
  });
  if (res.status !== 201) throw new Error(`order ${n}: ${res.status} ${await res.text()}`);
  return { id: (await res.json()).data.id, phone };
}
const orders = [];
for (let n = 0; n < orderCount; n += 10)
  orders.push(...(await Promise.all(Array.from({ length: Math.min(10, orderCount - n) }, (_, k) => placeOrder(n + k)))));
// Their confirmations, sent by the server's outbox: the ids the statuses and replies name.
for (;;) {
  const sent = await db
    .selectFrom('order_messages')
    .select(['order_id', 'provider_message_id'])
    .where('kind', '=', 'confirm')
    .where('status', '=', 'sent')
    .execute();
  if (sent.length >= orders.length) {
    const wamid = new Map(sent.map((m) => [m.order_id, m.provider_message_id]));
    for (const order of orders) order.wamid = wamid.get(order.id);
    break;
  }
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`${orders.length} COD orders placed, their confirmations sent`);

// The posts, as Meta shapes them (Cloud API "Webhooks: messages"), each signed over its exact bytes.
const appSecret = serverConfig().messaging.whatsapp.appSecret;
const envelope = (value) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '0',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001234', phone_number_id: 'demo' },
              ...value,
            },
          },
        ],
      },
    ],
  });
let serial = 0;
const statusPost = (order) =>
  envelope({
    statuses: [
      {
        id: order.wamid,
        status: pick(['sent', 'delivered', 'read']),
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: waNumber(order.phone),
      },
    ],
  });
const replyPost = (order, answer) =>
  envelope({
    contacts: [{ profile: { name: 'Shopper' }, wa_id: waNumber(order.phone) }],
    messages: [
      {
        context: { from: '15550001234', id: order.wamid },
        from: waNumber(order.phone),
        id: `wamid.bench.${order.id}.${(serial += 1)}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'button',
        button: { payload: `order:${order.id}:${answer}`, text: answer === 'confirm' ? 'Confirm' : 'Cancel order' },
      },
    ],
  });
const waiting = [...orders];
const answered = [];
const posted = [];
/** The next post: a status (40 %), a replay of an earlier post (20 %), a reply to a waiting order, or a second one. */
function nextPost() {
  const roll = Math.random();
  if (roll < 0.4) return statusPost(pick(orders));
  if (roll < 0.6 && posted.length) return pick(posted);
  if (roll < 0.9 && waiting.length) {
    const order = waiting.splice(Math.floor(Math.random() * waiting.length), 1)[0];
    answered.push(order);
    return replyPost(order, Math.random() < cancelShare ? 'cancel' : 'confirm');
  }
  return answered.length ? replyPost(pick(answered), 'confirm') : statusPost(pick(orders));
}

const webhook = { latencies: [], statuses: new Map(), errors: 0, firstError: '' };
async function postOne() {
  const body = nextPost();
  posted.push(body);
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(appSecret, body) },
      body,
    });
    await res.arrayBuffer();
    webhook.latencies.push(performance.now() - started);
    webhook.statuses.set(res.status, (webhook.statuses.get(res.status) ?? 0) + 1);
  } catch (error) {
    webhook.errors += 1;
    webhook.firstError ||= String(error.cause?.code ?? error.cause ?? error);
  }
}
/** RATE posts a second for `ms`, paced by the clock (not by the answers: Meta does not wait for ours). */
async function postWebhooks(ms) {
  const inFlight = new Set();
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < ms) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent += 1) {
      const p = postOne().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(inFlight);
  return sent;
}

const productPath = () => `/${pick(['en', 'ar'])}/single-product/${pick(products)}`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
/** autocannon on one kind of request for `s` seconds: requests a second, p50/p99 and the 5xx among the answers. */
async function browse(name, nextPath, s) {
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections: 10,
    duration: s,
    requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  let serverErrors = 0;
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status >= 500) serverErrors += 1;
  });
  const result = await instance;
  console.log(`${name}: ${result.requests.total} requests`);
  latencies.sort((a, b) => a - b);
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': pct(latencies, 50).toFixed(1),
    'p99 ms': pct(latencies, 99).toFixed(1),
    '5xx': serverErrors,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

// Warm-up (JIT, the render cache's first pages), untimed.
await autocannon({
  url: base,
  connections: 10,
  duration: 2,
  requests: [{ setupRequest: (r) => ({ ...r, path: productPath() }) }],
});
const half = Math.floor(seconds / 2);
const before = [
  await browse('product pages, before', productPath, half),
  await browse('/api/health, before', () => '/api/health', half),
];
const [posts, ...during] = await Promise.all([
  postWebhooks(seconds * 1000),
  (async () => [
    await browse('product pages, during', productPath, half),
    await browse('/api/health, during', () => '/api/health', half),
  ])(),
]).then(([sent, rows]) => [sent, ...rows]);
// The webhook answers once it has stored a post's events; they are taken right after (and by the outbox job): wait
// until none is pending, and say how long the work went on after the last post.
const drainStarted = performance.now();
for (let i = 0; i < 600; i += 1) {
  const pending = await db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('processed_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(pending.n) === 0) break;
  await new Promise((r) => setTimeout(r, 100));
}
const drainedAfter = performance.now() - drainStarted;
// The outbox's answers (the polite "moved on", none for a replay) settle within a round.
await new Promise((r) => setTimeout(r, 1000));

// Each order moved at most once by a reply, and only from a reply the shop took (no move from a replay).
const moves = await db
  .selectFrom('order_events')
  .select(['order_id', (eb) => eb.fn.countAll().as('n')])
  .where('actor', '=', 'shopper:whatsapp')
  .groupBy('order_id')
  .execute();
const movedTwice = moves.filter((m) => Number(m.n) > 1).length;
const statusesOf = await db
  .selectFrom('orders')
  .select(['status', (eb) => eb.fn.countAll().as('n')])
  .where(
    'id',
    'in',
    orders.map((o) => o.id),
  )
  .groupBy('status')
  .execute();
stop();
await db.destroy();

webhook.latencies.sort((a, b) => a - b);
const serverErrors = [...webhook.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
const ratio = (rows, kind) => (rows[0]['req/s'] / rows[1]['req/s']).toFixed(2) + ` (${kind})`;
console.log(
  `webhook: ${posts} signed posts in ${seconds} s (${rate}/s asked, ${(posts / seconds).toFixed(0)}/s made) over ${orders.length} orders, ` +
    `${answered.length} first replies; answers ${JSON.stringify(Object.fromEntries(webhook.statuses))}, ${webhook.errors} unanswered${webhook.firstError ? ` (${webhook.firstError})` : ''}`,
);
console.log(
  `webhook latency: p50 ${pct(webhook.latencies, 50).toFixed(1)} ms, p99 ${pct(webhook.latencies, 99).toFixed(1)} ms, max ${webhook.latencies.at(-1).toFixed(1)} ms`,
);
console.log(`events all taken ${(drainedAfter / 1000).toFixed(1)} s after the last post was answered`);
console.log(
  `moves by reply: ${moves.length} orders moved, ${movedTwice} moved more than once; orders now ${JSON.stringify(Object.fromEntries(statusesOf.map((s) => [s.status, Number(s.n)])))}`,
);
console.table([...before, ...during]);
console.log(`product pages ÷ /api/health (req/s): ${ratio(before, 'before')}, ${ratio(during, 'during the posts')}`);
const fiveXx = serverErrors + [...before, ...during].reduce((n, row) => n + row['5xx'], 0);
// A post that got no answer at all (the connection gave up while the server was behind) is one Meta would retry.
const passed = fiveXx === 0 && movedTwice === 0 && webhook.errors === 0;
console.log(
  passed
    ? 'OK: no 5xx, no order moved twice, every post answered'
    : `FAILED: ${fiveXx} 5xx, ${movedTwice} moved twice, ${webhook.errors} posts unanswered`,
);
process.exit(passed ? 0 : 1);
