import { SHOP_TIME_ZONE } from '#i18n/time-zone.ts';

/**
 * The pure rules of order messages (issue 37): the quick replies a confirmation offers, how their payloads name an
 * order, the words that stop all messages, and the order in which delivery statuses may follow one another.
 */

/** The three answers a confirmation offers, in the order its buttons show. */
export const QUICK_REPLIES = ['confirm', 'change_address', 'cancel'] as const;
export type QuickReply = (typeof QUICK_REPLIES)[number];

/**
 * What a message is about: the confirmation, the updates, a kiosk/Fawry payment code (issue 39), and the polite
 * answers to the shopper's own messages.
 */
export const MESSAGE_KINDS = [
  'confirm',
  'with_courier',
  'delivered',
  'failed_attempt',
  'payment_code',
  'out_for_delivery',
  'refund_paid',
  'rate_request',
  'moved_on',
  'change_address',
  'day_chosen',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The version of the checkout checkbox's wording (stored with each consent); change it when the wording changes. */
export const CONSENT_WORDING_VERSION = 'order-messages-2026-12';

/** A quick reply's payload: the order and the answer, so a tap needs no conversation state. */
export const replyPayload = (orderId: number, reply: QuickReply): string => `order:${orderId}:${reply}`;

export function parseReplyPayload(payload: string): { orderId: number; reply: QuickReply } | null {
  const match = /^order:(\d{1,12}):([a-z_]+)$/.exec(payload);
  if (!match) return null;
  const reply = match[2] as QuickReply;
  return QUICK_REPLIES.includes(reply) ? { orderId: Number(match[1]), reply } : null;
}

/**
 * The answers a failed delivery attempt offers: another day (tomorrow, the day after) or a call. They never move the
 * order; the choice is kept on the message for the desk (the order's timeline) and the courier's next hand-over.
 */
export const DAY_CHOICES = ['tomorrow', 'day_after', 'call_me'] as const;
export type DayChoice = (typeof DAY_CHOICES)[number];

export const dayPayload = (orderId: number, choice: DayChoice): string => `day:${orderId}:${choice}`;

export function parseDayPayload(payload: string): { orderId: number; choice: DayChoice } | null {
  const match = /^day:(\d{1,12}):([a-z_]+)$/.exec(payload);
  if (!match) return null;
  const choice = match[2] as DayChoice;
  return DAY_CHOICES.includes(choice) ? { orderId: Number(match[1]), choice } : null;
}

/** The Cairo calendar day a choice names, counted from when the shopper tapped (YYYY-MM-DD); null for a call. */
export function chosenDay(choice: DayChoice, tappedAt: Date): string | null {
  if (choice === 'call_me') return null;
  const cairo = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(tappedAt);
  const day = new Date(`${cairo}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + (choice === 'tomorrow' ? 1 : 2));
  return day.toISOString().slice(0, 10);
}

/** Arabic letters as people type them: hamza forms of alef as bare alef, no tatweel, no short vowels. */
const plainArabic = (text: string): string =>
  text
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625]/g, '\u0627')
    .replace(/\u0649/g, '\u064A');

const OPT_OUT_WORDS = new Set([
  'stop',
  'unsubscribe',
  'stop all',
  plainArabic('إلغاء'),
  plainArabic('إلغاء الاشتراك'),
  plainArabic('توقف'),
]);

/** A text that withdraws consent: STOP or إلغاء as typed (any case, with or without hamza, punctuation around it). */
export function isOptOut(text: string): boolean {
  const word = plainArabic(text.normalize('NFC'))
    .toLowerCase()
    .replace(/[\s.!؟?,،]+/g, ' ')
    .trim();
  return OPT_OUT_WORDS.has(word);
}

/** Delivery statuses only move forward: a `delivered` arriving after `read` changes nothing. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'delivered', 'read'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
const RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, failed: 2, delivered: 3, read: 4 };

/**
 * Whether a status report moves a message from `from` to `to`. Meta does not promise their order: a late `sent`
 * after `delivered` is ignored; `failed` replaces only `queued`/`sent`; a `delivered` after `failed` (another
 * device) wins, since the shopper has the message.
 */
export const statusMoves = (from: DeliveryStatus, to: DeliveryStatus): boolean => RANK[to] > RANK[from];

export const isDeliveryStatus = (value: string): value is DeliveryStatus =>
  (DELIVERY_STATUSES as readonly string[]).includes(value);
