// How fast the order-message outbox drains a backlog with several instances sending (issue 54): the chaos run's 120 s
// left 2,026 of 4,202 messages queued. On a scratch PostgreSQL database that has sent messages (a chaos run's), every
// sent message is queued again (`--requeue`: it rewrites the outbox, so never on a shop's database), then `--senders`
// job loops, each with its own connection pool as an instance has, run `deliverDueMessages` as the message-outbox job
// does (a run every MESSAGE_SEND_MS, 3 s, none while one is going) through a WhatsApp stand-in answering after
// `--latency` ms, until nothing is queued. `--outbox FILE` measures another version of the module (e.g. the previous
// one: `git show <commit>:src/server/messaging/outbox.ts > src/server/messaging/outbox-before.ts`, deleted after).
//   DATABASE_URL=postgres://…/chaos_scratch node scripts/bench/outbox-drain.mjs --requeue --senders 3 --latency 50
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const { values } = parseArgs({
  options: {
    requeue: { type: 'boolean', default: false },
    senders: { type: 'string', default: '3' },
    latency: { type: 'string', default: '0' },
    outbox: { type: 'string', default: 'src/server/messaging/outbox.ts' },
  },
});
if (!process.env.DATABASE_URL?.startsWith('postgres') || !values.requeue) {
  console.error(
    'Needs DATABASE_URL (a scratch PostgreSQL database with sent messages) and --requeue, which rewrites its outbox.',
  );
  process.exit(2);
}
const { openDatabase } = await import('../../src/server/db/index.ts');
const { serverConfig } = await import('../../src/server/config.ts');
const { deliverDueMessages } = await import(pathToFileURL(resolve(values.outbox)).href);
const latency = Number(values.latency);
const tick = serverConfig().messaging.sendEveryMs;

const handles = await Promise.all(
  Array.from({ length: Number(values.senders) }, () => openDatabase({ databaseUrl: process.env.DATABASE_URL, seed: false })),
);
const { db } = handles[0];
const requeued = await db
  .updateTable('order_messages')
  .set({ status: 'queued', claimed_until: null, attempts: 0, sent_at: null, next_attempt_at: new Date().toISOString() })
  .where('status', '=', 'sent')
  .executeTakeFirst();
const backlog = Number(requeued.numUpdatedRows);

// Each message the provider is handed, by order and kind: a count above one is a message sent twice.
const handed = new Map();
const provider = (channel) => ({
  channel,
  async send(message) {
    const key = `${message.orderId}:${message.template?.name ?? message.text}`;
    handed.set(key, (handed.get(key) ?? 0) + 1);
    await new Promise((done) => setTimeout(done, latency));
    return { provider: 'bench', providerMessageId: `wamid.bench.${key}.${handed.get(key)}` };
  },
});
const queued = async () =>
  Number(
    (
      await db
        .selectFrom('order_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow()
    ).n,
  );

const started = Date.now();
let left = backlog;
let emptyAt;
/** One instance's message-outbox job: a run at each tick, skipped while the last one is still going. */
async function sender({ db: own }) {
  const channels = { whatsapp: provider('whatsapp'), sms: provider('sms') };
  while (left > 0) {
    await deliverDueMessages(own, channels);
    left = await queued();
    if (left === 0) emptyAt ??= Date.now();
    const sinceStart = Date.now() - started;
    if (left > 0) await new Promise((done) => setTimeout(done, tick - (sinceStart % tick)));
  }
}
await Promise.all(handles.map(sender));
const seconds = ((emptyAt ?? Date.now()) - started) / 1000;
const twice = [...handed.values()].filter((n) => n > 1).length;
console.log(
  JSON.stringify({
    outbox: values.outbox,
    senders: handles.length,
    latencyMs: latency,
    tickMs: tick,
    backlog,
    seconds: Math.round(seconds * 10) / 10,
    perSecond: Math.round(backlog / seconds),
    handedTwice: twice,
  }),
);
await Promise.all(handles.map((h) => h.db.destroy()));
