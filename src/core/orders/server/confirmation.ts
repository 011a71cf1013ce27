import type { ShopDb } from '#server/db/index.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import { deskActorTag, type DeskActor } from '../../actors/server/actors.ts';
import { moveOrderStatus } from './lifecycle.ts';

/** The payment method whose orders are confirmed before anyone prepares them (issue 22). */
export const COD = 'cash_on_delivery';

/**
 * The notes the shop itself writes on an order's events: stored as these keys and read in the staff member's language
 * (`adminOrders.order.systemNotes`), where a note a person typed is shown as typed.
 */
export const SYSTEM_NOTES = {
  confirmedByPhone: 'confirmedByPhone',
  callsExhausted: 'callsExhausted',
  confirmedByReply: 'confirmedByReply',
  cancelledByReply: 'cancelledByReply',
} as const;

/**
 * How an order was confirmed: a confirmation call (`phone`), the shopper's quick reply on WhatsApp or through the SMS
 * link (`whatsapp`, `sms`), or a move on the order's desk page (`desk`: an operator, the terminal).
 */
export type ConfirmedBy = 'phone' | 'whatsapp' | 'sms' | 'desk';

export interface Confirmation {
  orderId: number;
  actor: DeskActor;
  by: ConfirmedBy;
  /** The order event's note: a system note's key, or what the operator typed. */
  note?: string | null | undefined;
}

/**
 * The one way an order is confirmed (issue 48), whoever confirms it: PLACED → ACCEPT, conditional on the order still
 * waiting (false when it moved on, so of two confirmations one wins), and audited alike every time: `order.move` from
 * PLACED to ACCEPT with `confirmed_by`. Inside the caller's transaction, beside whatever the caller records with it
 * (the call's row, the reply's record).
 */
export async function confirmOrder(trx: ShopDb, confirmation: Confirmation): Promise<boolean> {
  const { orderId, actor, by } = confirmation;
  const note = confirmation.note ?? null;
  const moved = await moveOrderStatus(trx, { orderId, from: ['PLACED'], to: 'ACCEPT', actor: deskActorTag(actor), note });
  if (!moved) return false;
  await recordAudit(trx, actor, {
    action: 'order.move',
    subject: { type: 'order', id: orderId },
    before: { status: 'PLACED' },
    after: { status: 'ACCEPT', confirmed_by: by },
    reason: note,
  });
  return true;
}
