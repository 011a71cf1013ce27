import type { TimelineEntry } from '../order-timeline.ts';
import type { DeskOrderRows } from './desk-order-queries.ts';

/**
 * Within one millisecond, what caused a move comes before it: the call that confirmed the order, the failed delivery
 * that sent it back (they are written in the same transaction).
 */
const causeFirst: Record<TimelineEntry['kind'], number> = {
  call: 0,
  failed_delivery: 0,
  note: 1,
  status: 2,
  refund: 3,
  callback: 3,
  // A reply causes the move it makes (same transaction); the message itself was sent before anything it caused.
  message: 0,
  message_reply: 0,
};

export interface TimelineNames {
  /** A staff member's name by id (null: recorded from the terminal). */
  nameOf: (id: number | null) => string;
  /** An order event's actor as people read it (`staff:<id>` → the name). */
  actorName: (actor: string) => string;
}

/**
 * An order's timeline, pure: every status change, call, note, failed delivery, refund and provider callback, oldest
 * first, causes before what they caused within the same millisecond.
 */
export function buildTimeline(
  rows: Pick<DeskOrderRows, 'events' | 'calls' | 'notes' | 'failures' | 'refunds' | 'callbacks'> &
    Partial<Pick<DeskOrderRows, 'messages'>>,
  { nameOf, actorName }: TimelineNames,
): TimelineEntry[] {
  return [
    ...rows.events.map((e): TimelineEntry => ({
      kind: 'status',
      at: e.created_at,
      status: e.status,
      by: actorName(e.actor),
      note: e.note,
    })),
    ...rows.calls.map((c): TimelineEntry => ({
      kind: 'call',
      at: c.created_at,
      outcome: c.outcome,
      by: nameOf(c.staff_id),
      note: c.note,
      callBackAt: c.call_back_at,
    })),
    ...rows.notes.map((n): TimelineEntry => ({ kind: 'note', at: n.created_at, by: nameOf(n.staff_id), body: n.body })),
    ...rows.failures.map((f): TimelineEntry => ({
      kind: 'failed_delivery',
      at: f.created_at,
      by: nameOf(f.staff_id),
      reason: f.reason,
      outcome: f.outcome,
    })),
    ...rows.refunds.map((r): TimelineEntry => ({
      kind: 'refund',
      at: r.paid_at ?? r.created_at,
      amount: r.amount,
      destination: r.destination,
      status: r.status,
      reason: r.reason,
    })),
    ...(rows.messages ?? []).flatMap((m): TimelineEntry[] => [
      { kind: 'message', at: m.created_at, channel: m.channel, about: m.kind, status: m.status, error: m.error },
      ...(m.reply && m.replied_at
        ? [{ kind: 'message_reply' as const, at: m.replied_at, channel: m.channel, reply: m.reply, text: m.reply_text }]
        : []),
    ]),
    ...rows.callbacks.map((c): TimelineEntry => ({
      kind: 'callback',
      at: c.received_at,
      provider: c.provider,
      outcome: c.outcome,
      reason: c.reason,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at) || causeFirst[a.kind] - causeFirst[b.kind]);
}
