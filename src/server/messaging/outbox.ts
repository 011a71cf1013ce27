import type { MessageKind } from '#lib/messaging/replies.ts';
import { log } from '../observability/logger.ts';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { MessageSendError, type ChannelName, type MessageChannel, type OutgoingMessage } from './channel.ts';
import { hasConsent } from './consent.ts';
import { PushChannel } from './push-channel.ts';
import { DemoWhatsappChannel } from './demo-channel.ts';
import { ANSWERS, queueOrderMessage } from './order-messages.ts';
import { serviceWindowOpen } from './service-window.ts';
import { SmsChannel } from './sms-channel.ts';
import { claimDueMessages, releaseClaim, type ClaimedMessage } from './outbox-claims.ts';
import { kickWebhookEvents } from './webhook-queue.ts';
import { WhatsappCloudChannel } from './whatsapp-cloud.ts';

/** Tries before a message is given up (and, on WhatsApp, handed to SMS). */
export const MAX_ATTEMPTS = 5;
/** Rows claimed at once by one sender. */
const BATCH = 50;
/** Orders whose messages one sender has in the provider's hands at once (the provider's latency, not the database, is the wait). */
const SENDERS = 8;
/** How long one run keeps taking batches before it leaves the rest to the next tick (another job shares the instance). */
const RUN_MS = 20_000;

/** 10 s, 20 s, 40 s, 80 s… between tries. */
export const backOffMs = (attempts: number): number => 10_000 * 2 ** Math.max(0, attempts - 1);

/** The senders by channel; without `push`, notifications fail as unconfigured (tests that send none leave it out). */
export type Channels = Record<Exclude<ChannelName, 'push'>, MessageChannel> & { push?: MessageChannel };

/** Push rows left from a time push was configured find nothing to send with: they fail at once. */
const pushOff: MessageChannel = {
  channel: 'push',
  send: () => Promise.reject(new MessageSendError('Web Push is not configured (VAPID keys)', false)),
};

/** The channels the configuration asks for: the Cloud API or the demo's WhatsApp, SMS, and Web Push when keyed. */
export function configuredChannels(db: ShopDb): Channels {
  const { messaging, push } = serverConfig();
  return {
    whatsapp: messaging.mode === 'whatsapp' ? new WhatsappCloudChannel(messaging.whatsapp) : new DemoWhatsappChannel(),
    sms: new SmsChannel(db),
    push: push ? new PushChannel(db, push) : pushOff,
  };
}

function outgoing(row: ClaimedMessage): OutgoingMessage {
  const params = JSON.parse(row.params) as {
    language: string | null;
    body: string[];
    replies: { payload: string; title: string }[];
    notification?: OutgoingMessage['notification'];
  };
  return {
    to: row.phone,
    text: row.body,
    orderId: row.order_id,
    ...(params.notification ? { notification: params.notification } : {}),
    template:
      row.template && params.language
        ? { name: row.template, language: params.language, body: params.body, replies: params.replies }
        : null,
  };
}

/**
 * Sends what is due, once: rows are claimed a batch at a time (outbox-claims.ts: of several instances each takes
 * different rows), each sent, then marked sent with the provider's id, or put back with a back-off, or — after
 * MAX_ATTEMPTS or a refusal no retry can change — marked failed, a WhatsApp message then falling back to SMS. A
 * consent withdrawn since the row was written skips it; a free-form WhatsApp text outside the shopper's 24-hour
 * window goes by SMS instead. Batches follow one another until the queue is empty or RUN_MS has passed, rather than
 * one batch per MESSAGE_SEND_MS (20 rows every 3 s per instance could not keep up with 38 orders a second). How many
 * were sent.
 */
export async function deliverDueMessages(db: ShopDb, channels: Channels, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const { claimMs } = serverConfig().messaging;
  const stopAt = Date.now() + RUN_MS;
  let sent = 0;
  for (;;) {
    const claimedAt = Date.now();
    const rows = await claimDueMessages(db, {
      at,
      until: new Date(now.getTime() + claimMs).toISOString(),
      limit: BATCH,
    });
    // A row whose turn comes after half its claim has run is given back unsent: a slow provider must never let the
    // claim run out under a send (another sender would take the row and send it again).
    const sure = () => Date.now() - claimedAt < claimMs / 2;
    sent += await inParallel(byOrder(rows), SENDERS, async (group) => {
      let groupSent = 0;
      for (const row of group) {
        if (!sure()) await releaseClaim(db, row);
        else if (await sendOne(db, channels, row, now)) groupSent += 1;
      }
      return groupSent;
    });
    if (rows.length < BATCH || Date.now() >= stopAt) return sent;
  }
}

/** The rows of each order together, in the order written: an order's messages reach the shopper in sequence. */
function byOrder(rows: ClaimedMessage[]): ClaimedMessage[][] {
  const groups = new Map<number, ClaimedMessage[]>();
  for (const row of rows) groups.set(row.order_id, [...(groups.get(row.order_id) ?? []), row]);
  return [...groups.values()];
}

/** Runs `work` on every item, at most `width` at once; the sum of what each returned. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<number>): Promise<number> {
  let next = 0;
  let total = 0;
  const lane = async () => {
    while (next < items.length) {
      // Awaited first: `total += await …` would read `total` before the wait and lose the other lanes' additions.
      const done = await work(items[next++]!);
      total += done;
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return total;
}

/** One claimed row: skipped, moved to SMS, sent, or put back for a later try. Whether it was sent. */
async function sendOne(db: ShopDb, channels: Channels, row: ClaimedMessage, now: Date): Promise<boolean> {
  const at = now.toISOString();
  // A notification's consent is the browser's subscription itself, looked up as it is sent (push-channel.ts).
  const answer = ANSWERS.includes(row.kind as MessageKind) || row.channel === 'push';
  if (!answer && !(await hasConsent(db, row.phone))) {
    await db
      .updateTable('order_messages')
      .set({ status: 'skipped', claimed_until: null, updated_at: at })
      .where('id', '=', row.id)
      .execute();
    return false;
  }
  if (row.channel === 'whatsapp' && row.template === null && !(await serviceWindowOpen(db, row.phone, now))) {
    // A free-form text outside the 24-hour window would be refused by Meta: the same words go by SMS instead.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('order_messages')
        .set({ status: 'skipped', claimed_until: null, error: 'outside the 24-hour window', updated_at: at })
        .where('id', '=', row.id)
        .execute();
      await queueOrderMessage(trx, row.order_id, row.kind as MessageKind, 'sms');
    });
    return false;
  }
  const channel = channels[row.channel as ChannelName] ?? pushOff;
  try {
    const result = await channel.send(outgoing(row));
    await db
      .updateTable('order_messages')
      .set({
        status: 'sent',
        provider: result.provider,
        provider_message_id: result.providerMessageId,
        attempts: row.attempts + 1,
        claimed_until: null,
        error: null,
        sent_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    return true;
  } catch (error) {
    const retryable = error instanceof MessageSendError ? error.retryable : true;
    const attempts = row.attempts + 1;
    const giveUp = !retryable || attempts >= MAX_ATTEMPTS;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('order_messages')
        .set({
          status: giveUp ? 'failed' : 'queued',
          attempts,
          claimed_until: null,
          error: (error as Error).message.slice(0, 300),
          next_attempt_at: new Date(now.getTime() + backOffMs(attempts)).toISOString(),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      if (giveUp && row.channel === 'whatsapp') await queueOrderMessage(trx, row.order_id, row.kind as MessageKind, 'sms');
    });
    return false;
  }
}

/**
 * Confirmations WhatsApp accepted but never delivered within MESSAGE_FALLBACK_MINUTES (the phone is off, the number
 * has no WhatsApp and Meta has not said so yet), for orders still waiting: each goes again by SMS, once (the outbox's
 * unique (order, kind, channel)). How many were queued.
 */
export async function fallBackUndelivered(db: ShopDb, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - serverConfig().messaging.fallbackAfterMs).toISOString();
  const stale = await db
    .selectFrom('order_messages')
    .innerJoin('orders', 'orders.id', 'order_messages.order_id')
    .select('order_messages.order_id')
    .where('order_messages.kind', '=', 'confirm')
    .where('order_messages.channel', '=', 'whatsapp')
    .where('order_messages.status', '=', 'sent')
    .where('order_messages.reply', 'is', null)
    .where('order_messages.sent_at', '<', before)
    .where('orders.status', '=', 'PLACED')
    .limit(BATCH)
    .execute();
  let queued = 0;
  for (const { order_id } of stale)
    if (await db.transaction().execute((trx) => queueOrderMessage(trx, order_id, 'confirm', 'sms'))) queued += 1;
  return queued;
}

/** The sender job (src/app/background-jobs.ts): every MESSAGE_SEND_MS, in every instance (claims keep it once). */
export function watchMessageOutbox(db: ShopDb): () => void {
  const { messaging, push } = serverConfig();
  const { mode, sendEveryMs } = messaging;
  // Notifications need the sender even where WhatsApp is off (production's default).
  if (mode === 'off' && !push) return () => undefined;
  const channels = configuredChannels(db);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // The webhook's stored events first (a reply's answer is then sent in the same run), then what is due.
    kickWebhookEvents(db)
      .then(() => fallBackUndelivered(db))
      .then(() => deliverDueMessages(db, channels))
      .catch((error: unknown) => log().error({ job: 'message-outbox', err: error }, 'message outbox failed'))
      .finally(() => {
        running = false;
      });
  }, sendEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
