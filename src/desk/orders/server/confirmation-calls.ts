import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { serverConfig } from '#server/config.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { cancelWithin } from '#core/orders/server/cancel-order.ts';
import { COD, confirmOrder, SYSTEM_NOTES } from '#core/orders/server/confirmation.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import { staffActorTag, type StaffActor } from '#core/actors/server/actors.ts';

/**
 * Cash on delivery lives on the confirmation call (issue 22, docs/back-office.md): every new COD order is called before
 * anyone prepares it. Each call is logged; "confirmed" accepts the order; a failed call (no answer, wrong number,
 * refused) counts, and after COD_CALL_ATTEMPTS of them the order is cancelled and its stock returned; "call back at…"
 * puts it aside until then.
 */
export const CALL_OUTCOMES = ['confirmed', 'no_answer', 'wrong_number', 'refused', 'call_back'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
const FAILED: readonly CallOutcome[] = ['no_answer', 'wrong_number', 'refused'];

export interface QueuedOrder {
  id: number;
  createdAt: string;
  total: number;
  shopper: { id: number; name: string; phone: string };
  governorate: { en: string; ar: string };
  failedCalls: number;
  lastCall: { outcome: CallOutcome; at: string } | null;
  callBackAt: string | null;
  /** The confirmation message (issue 37): how it went, and what the shopper wrote after "change address". */
  message: { status: string; reply: string | null; replyText: string | null } | null;
}

/**
 * Whether an order needs a person (issue 37): not while its confirmation message waits for a reply within
 * CONFIRMATION_REPLY_MINUTES; yes once that time passed, when the message could not go, when the shopper asked to
 * change the address, and when there was no message at all (no consent, messages off).
 */
export function needsCall(message: { status: string; reply: string | null; created_at: string } | undefined, now: Date): boolean {
  if (!message) return true;
  if (message.reply === 'change_address') return true;
  if (message.status === 'failed' || message.status === 'skipped') return true;
  return Date.parse(message.created_at) + serverConfig().messaging.replyWindowMs <= now.getTime();
}

/** The queue: COD orders waiting for their call, call-backs that are due first, then the oldest; later call-backs last. */
export async function confirmationQueue(db: ShopDb, now = new Date()): Promise<QueuedOrder[]> {
  const orders = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.created_at',
      'orders.total',
      'orders.governorate_en',
      'orders.governorate_ar',
      'users.id as user_id',
      'users.first_name',
      'users.last_name',
      'users.phone',
    ])
    .where('orders.status', '=', 'PLACED')
    .where('orders.payment_method', '=', COD)
    .orderBy('orders.created_at')
    .limit(500)
    .execute();
  if (!orders.length) return [];
  const calls = await db
    .selectFrom('order_calls')
    .select(['order_id', 'outcome', 'call_back_at', 'created_at'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  const byOrder = new Map<number, typeof calls>();
  for (const call of calls) byOrder.set(call.order_id, [...(byOrder.get(call.order_id) ?? []), call]);
  const messages = await db
    .selectFrom('order_messages')
    .select(['order_id', 'status', 'reply', 'reply_text', 'created_at'])
    .where('kind', '=', 'confirm')
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  // The latest per order: the SMS fallback after a failed WhatsApp message.
  const messageOf = new Map(messages.map((m) => [m.order_id, m]));
  const queued = orders
    .filter((o) => needsCall(messageOf.get(o.id), now))
    .map((o): QueuedOrder => {
      const own = byOrder.get(o.id) ?? [];
      const last = own.at(-1);
      return {
        id: o.id,
        createdAt: o.created_at,
        total: o.total,
        shopper: { id: o.user_id, name: `${o.first_name} ${o.last_name}`.trim(), phone: o.phone },
        governorate: { en: o.governorate_en, ar: o.governorate_ar },
        failedCalls: own.filter((c) => FAILED.includes(c.outcome as CallOutcome)).length,
        lastCall: last ? { outcome: last.outcome as CallOutcome, at: last.created_at } : null,
        callBackAt: last?.outcome === 'call_back' ? last.call_back_at : null,
        message: ((m) => (m ? { status: m.status, reply: m.reply, replyText: m.reply_text } : null))(messageOf.get(o.id)),
      };
    });
  const at = now.toISOString();
  const rank = (q: QueuedOrder) => (q.callBackAt === null ? 1 : q.callBackAt <= at ? 0 : 2);
  return queued.sort((a, b) => rank(a) - rank(b) || (a.callBackAt ?? a.createdAt).localeCompare(b.callBackAt ?? b.createdAt));
}

export interface LoggedCall {
  orderId: number;
  outcome: CallOutcome;
  callBackAt?: string | undefined;
  note?: string | undefined;
}

/**
 * Logs one call and does what it means, in one transaction with its audit record: confirmed → ACCEPT; the last allowed
 * failed call → cancelled (stock back). Conditional on the order still waiting, so two operators calling the same
 * shopper cannot both act: the second is told the order moved on.
 */
export async function logConfirmationCall(
  db: ShopDb,
  call: LoggedCall,
  actor: StaffActor,
): Promise<{ status: 'PLACED' | 'ACCEPT' | 'CANCELED'; failedCalls: number }> {
  if (call.outcome === 'call_back' && !(call.callBackAt && !Number.isNaN(Date.parse(call.callBackAt))))
    throw new Problem(422, 'admin.callBackTimeRequired', { fields: { call_back_at: ['admin.callBackTimeRequired'] } });
  const tag = staffActorTag(actor);
  const result = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['status', 'payment_method'])
      .where('id', '=', call.orderId)
      .executeTakeFirst();
    if (!order) throw new Problem(404, 'admin.orderNotFound');
    if (order.payment_method !== COD) throw new Problem(409, 'admin.notCod');
    if (order.status !== 'PLACED')
      throw new Problem(409, 'admin.staleOrder', { values: { status: order.status }, detail: { status: order.status } });
    await trx
      .insertInto('order_calls')
      .values({
        order_id: call.orderId,
        staff_id: actor.id,
        outcome: call.outcome,
        call_back_at: call.outcome === 'call_back' ? new Date(call.callBackAt!).toISOString() : null,
        note: call.note?.trim() || null,
        created_at: isoNow(),
      })
      .execute();
    const failed = await trx
      .selectFrom('order_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', call.orderId)
      .where('outcome', 'in', [...FAILED])
      .executeTakeFirstOrThrow();
    const failedCalls = Number(failed.n);
    let status: 'PLACED' | 'ACCEPT' | 'CANCELED' = 'PLACED';
    let productIds: number[] = [];
    const stale = () => new Problem(409, 'admin.staleOrder', { values: { status: 'ACCEPT' } });
    if (call.outcome === 'confirmed') {
      const confirmation = { orderId: call.orderId, actor, by: 'phone', note: SYSTEM_NOTES.confirmedByPhone } as const;
      if (!(await confirmOrder(trx, confirmation))) throw stale();
      status = 'ACCEPT';
    } else if (FAILED.includes(call.outcome) && failedCalls >= serverConfig().codCallAttempts) {
      productIds = await cancelWithin(trx, {
        orderId: call.orderId,
        userId: null,
        actor: tag,
        from: ['PLACED'],
        note: SYSTEM_NOTES.callsExhausted,
      }).catch(() => {
        throw stale();
      });
      status = 'CANCELED';
    }
    await recordAudit(trx, actor, {
      action: 'order.call',
      subject: { type: 'order', id: call.orderId },
      before: { status: 'PLACED' },
      after: {
        status,
        outcome: call.outcome,
        failed_calls: failedCalls,
        ...(call.callBackAt ? { call_back_at: call.callBackAt } : {}),
      },
      reason: call.note?.trim() || null,
    });
    return { status, failedCalls, productIds };
  });
  if (result.productIds.length) await announceCatalogChange(db, { productIds: result.productIds });
  return { status: result.status, failedCalls: result.failedCalls };
}
