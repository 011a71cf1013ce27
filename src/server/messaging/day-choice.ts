import { chosenDay, type DayChoice } from '#lib/messaging/replies.ts';
import type { ShopDb } from '../db/index.ts';
import { nowIso } from '../db/values.ts';
import { log } from '../observability/logger.ts';
import { once, takeOnce, type InboundOutcome } from './inbox-once.ts';
import { queueOrderMessage } from './order-messages.ts';

/** Where an order still waits for another delivery attempt: back on the shelf, or already with the courier again. */
const AWAITING_DELIVERY = ['READY_TO_SHIP', 'WITH_COURIER'];

/**
 * A shopper's answer to a failed delivery attempt (tomorrow, the day after, call me). It never moves the order: the
 * choice (and the Cairo day it names) is kept on the failed-attempt message, where the desk reads it in the order's
 * timeline, and a short thank-you answers it. The first answer counts; a second tap, or an answer once the order is
 * delivered or closed, changes nothing (a closed order gets the polite "moved on" answer once).
 */
export async function takeDayChoice(
  db: ShopDb,
  id: string,
  phone: string,
  orderId: number,
  choice: DayChoice,
  tappedAt = new Date(),
): Promise<InboundOutcome> {
  return once(db, async (trx) => {
    const asked = await trx
      .selectFrom('order_messages')
      .innerJoin('orders', 'orders.id', 'order_messages.order_id')
      .select(['order_messages.id', 'order_messages.reply', 'orders.status'])
      .where('order_messages.order_id', '=', orderId)
      .where('order_messages.kind', '=', 'failed_attempt')
      .where('order_messages.phone', '=', phone)
      .executeTakeFirst();
    if (!asked) {
      log().warn({ order: orderId }, 'whatsapp: a delivery-day answer for an order never asked about was ignored');
      await takeOnce(trx, { id, kind: 'reply', phone, orderId: null, outcome: 'unknown' });
      return 'unknown';
    }
    if (!AWAITING_DELIVERY.includes(asked.status)) {
      await takeOnce(trx, { id, kind: 'reply', phone, orderId, outcome: 'moved_on' });
      await queueOrderMessage(trx, orderId, 'moved_on');
      return 'moved_on';
    }
    const taken = await trx
      .updateTable('order_messages')
      .set({ reply: choice, reply_text: chosenDay(choice, tappedAt), replied_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', asked.id)
      .where('reply', 'is', null)
      .executeTakeFirst();
    const first = Number(taken.numUpdatedRows) === 1;
    await takeOnce(trx, { id, kind: 'reply', phone, orderId, outcome: first ? 'day_chosen' : 'ignored' });
    if (first) await queueOrderMessage(trx, orderId, 'day_chosen');
    return first ? 'day_chosen' : 'ignored';
  });
}
