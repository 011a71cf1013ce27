import { setImmediate } from 'node:timers/promises';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { nowIso } from '../db/values.ts';
import { log } from '../observability/logger.ts';
import type { InboundOutcome } from './inbox-once.ts';
import { str, takeMessage, takeStatusEvent, webhookEvents, type WaMessage, type WaStatus } from './inbound.ts';

/**
 * WhatsApp's webhook answers at once and queues its work (issue 37, decision 022). A verified post only stores its
 * events (`webhook_events`, one row per event, keyed by its id, so a replay is refused at the door) and Meta gets
 * its 200. Taking them (moving orders, writing answers) happens after: right after the answer, by the request that
 * stored them (`takeStoredEvents`), and in the message-outbox job of every instance (`kickWebhookEvents`), each row claimed with a conditional update
 * that runs out after MESSAGE_CLAIM_SECONDS, so a process killed mid-way leaves the row to the next run. Taking an
 * event twice is harmless: its message_inbox row (written with what it does) makes the second a duplicate.
 */

const BATCH = 50;

/** Stores the events of a verified post, in the order they came: how many there were (replays included), and the ids newly stored. */
export async function storeWebhookEvents(db: ShopDb, payload: unknown): Promise<{ count: number; stored: string[] }> {
  const { messages, statuses } = webhookEvents(payload);
  const received = nowIso();
  const rows = [
    ...messages.map((m) => ({ id: str(m.id), kind: 'message', phone: waPhone(m.from), event: m as unknown })),
    // A status is one event per (message, status): delivered and read of one message are two.
    ...statuses.map((s) => ({ id: statusId(s), kind: 'status', phone: null, event: s as unknown })),
  ].filter((row): row is typeof row & { id: string } => row.id !== null);
  const stored = !rows.length
    ? []
    : await db
        .insertInto('webhook_events')
        .values(
          rows.map((row) => ({
            event_id: row.id,
            kind: row.kind,
            phone: row.phone,
            payload: JSON.stringify(row.event),
            received_at: received,
          })),
        )
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .execute();
  return { count: messages.length + statuses.length, stored: stored.map((row) => row.event_id) };
}

const waPhone = (from: unknown): string | null => {
  const digits = str(from);
  return digits && /^\d{6,15}$/.test(digits) ? `+${digits}` : null;
};
const statusId = (s: WaStatus): string | null => {
  const id = str(s.id);
  const status = str(s.status);
  return id && status ? `${id}:${status}` : null;
};

/** Takes the pending events (all, or those named) in the order they came, each claimed first; what each did. */
export async function processWebhookEvents(
  db: ShopDb,
  now = new Date(),
  eventIds?: readonly string[],
): Promise<InboundOutcome[]> {
  const at = now.toISOString();
  if (eventIds && !eventIds.length) return [];
  let query = db.selectFrom('webhook_events').select(['id', 'kind', 'payload', 'attempts']).where('processed_at', 'is', null);
  if (eventIds) query = query.where('event_id', 'in', eventIds);
  const pending = await query
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const outcomes: InboundOutcome[] = [];
  for (const row of pending) {
    // One event at a time, letting the requests waiting for the database in between (SQLite's one connection is not
    // handed out in turn: a loop that never yields would keep the webhook's own inserts waiting until it ran dry).
    await setImmediate();
    const claim = await db
      .updateTable('webhook_events')
      .set({
        claimed_until: new Date(now.getTime() + serverConfig().messaging.claimMs).toISOString(),
        attempts: row.attempts + 1,
      })
      .where('id', '=', row.id)
      .where('processed_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    try {
      const event: unknown = JSON.parse(row.payload);
      const outcome =
        row.kind === 'message' ? await takeMessage(db, event as WaMessage) : await takeStatusEvent(db, event as WaStatus);
      await db
        .updateTable('webhook_events')
        .set({ processed_at: nowIso(), claimed_until: null, error: null })
        .where('id', '=', row.id)
        .execute();
      outcomes.push(outcome);
    } catch (error) {
      // Left claimed: taken again once the claim runs out (a database hiccup), never lost.
      log().error({ job: 'whatsapp-webhook', event: row.id, err: error }, 'a WhatsApp webhook event could not be taken yet');
      await db
        .updateTable('webhook_events')
        .set({ error: String((error as Error).message).slice(0, 300) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return outcomes;
}

/** The posts' own events being taken right after their answers, so a drain can wait for them. */
const taking = new Set<Promise<unknown>>();

/**
 * Takes the events a post just stored, after its answer: each request takes its own (so the work follows the posts'
 * pace and never starves them); what a process dies before taking, the job's next drain takes.
 */
export function takeStoredEvents(db: ShopDb, eventIds: readonly string[]): Promise<unknown> {
  const work: Promise<unknown> = processWebhookEvents(db, new Date(), eventIds)
    .catch((error: unknown) => log().error({ job: 'whatsapp-webhook', err: error }, 'taking WhatsApp webhook events failed'))
    .finally(() => taking.delete(work));
  taking.add(work);
  return work;
}

const draining = new WeakMap<ShopDb, { loop: Promise<void>; again: boolean }>();

/**
 * Takes every pending event: the message-outbox job's run (events a dead process left, or that came while none was
 * taking them) and whoever needs the result (tests, the simulator), after the posts' own taking has finished.
 * One drain at a time; kicks during a drain fold into one more pass.
 */
export function kickWebhookEvents(db: ShopDb): Promise<void> {
  const running = draining.get(db);
  if (running) {
    running.again = true;
    return running.loop;
  }
  const state = { loop: Promise.resolve(), again: true };
  state.loop = (async () => {
    try {
      await Promise.all(taking);
      while (state.again) {
        state.again = false;
        while ((await processWebhookEvents(db)).length > 0);
      }
    } catch (error) {
      log().error({ job: 'whatsapp-webhook', err: error }, 'taking WhatsApp webhook events failed');
    } finally {
      draining.delete(db);
    }
  })();
  draining.set(db, state);
  return state.loop;
}
