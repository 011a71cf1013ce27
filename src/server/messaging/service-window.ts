import type { ShopDb } from '../db/index.ts';

/**
 * WhatsApp's customer-service window (Meta's pricing and policy: "a 24-hour timer starts whenever a customer messages
 * you"): a free-form message (not a template) may be sent only within 24 hours of the shopper's last message to us on
 * WhatsApp. Only their own WhatsApp messages open it (`webhook_events` of kind message, from their number): an SMS we
 * sent, a tap on the SMS link's page or a status report of ours do not.
 */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function serviceWindowOpen(db: ShopDb, phone: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - SERVICE_WINDOW_MS).toISOString();
  const last = await db
    .selectFrom('webhook_events')
    .select('id')
    .where('phone', '=', phone)
    .where('kind', '=', 'message')
    .where('received_at', '>', since)
    .executeTakeFirst();
  return last !== undefined;
}
