/** One entry of an order's timeline: every event, call, note, failed delivery and refund, in time order. */
export type TimelineEntry =
  | { kind: 'status'; at: string; status: string; by: string; note: string | null }
  | { kind: 'call'; at: string; outcome: string; by: string; note: string | null; callBackAt: string | null }
  | { kind: 'note'; at: string; by: string; body: string }
  | { kind: 'failed_delivery'; at: string; by: string; reason: string; outcome: string }
  | { kind: 'refund'; at: string; amount: number; destination: string; status: string; reason: string }
  | { kind: 'callback'; at: string; provider: string; outcome: string; reason: string }
  /** A message to the shopper (issue 37): its channel, what it was about, how far it got. */
  | { kind: 'message'; at: string; channel: string; about: string; status: string; error: string | null }
  /** The shopper's quick reply to it, and what they wrote after. */
  | { kind: 'message_reply'; at: string; channel: string; reply: string; text: string | null };
