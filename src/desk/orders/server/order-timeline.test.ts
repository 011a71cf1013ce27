import { expect, test } from 'vitest';
import { buildTimeline, type TimelineNames } from './order-timeline.ts';

const names: TimelineNames = {
  nameOf: (id) => (id === null ? 'terminal' : `Member ${id}`),
  actorName: (actor) => (actor.startsWith('staff:') ? `Member ${actor.slice(6)}` : actor),
};
const none = { events: [], calls: [], notes: [], failures: [], refunds: [], callbacks: [] };
const at = (ms: number) => new Date(Date.UTC(2026, 10, 1, 10, 0, 0, ms)).toISOString();

test('every kind of entry, oldest first, with the names of who did it', () => {
  const timeline = buildTimeline(
    {
      ...none,
      events: [
        { status: 'PLACED', actor: 'shopper', note: null, created_at: at(0) },
        { status: 'ACCEPT', actor: 'staff:7', note: null, created_at: at(20) },
      ],
      notes: [{ body: 'Ring twice', staff_id: 7, created_at: at(30) }],
      refunds: [{ amount: 500, destination: 'card', status: 'paid', reason: 'cancelled', created_at: at(1), paid_at: at(40) }],
      callbacks: [{ provider: 'paytabs', outcome: 'paid', reason: '', received_at: at(10) }],
    },
    names,
  );
  expect(timeline.map((e) => [e.kind, e.at])).toEqual([
    ['status', at(0)],
    ['callback', at(10)],
    ['status', at(20)],
    ['note', at(30)],
    // A paid refund sits at the time it was paid.
    ['refund', at(40)],
  ]);
  expect(timeline[2]).toMatchObject({ by: 'Member 7' });
  expect(timeline[3]).toMatchObject({ by: 'Member 7', body: 'Ring twice' });
});

test('within one millisecond the cause comes first: the call before the move, the failed delivery before the status', () => {
  const timeline = buildTimeline(
    {
      ...none,
      events: [
        { status: 'ACCEPT', actor: 'staff:3', note: null, created_at: at(5) },
        { status: 'READY_TO_SHIP', actor: 'terminal:ops', note: 'nobody home', created_at: at(9) },
      ],
      calls: [{ outcome: 'confirmed', staff_id: 3, note: null, call_back_at: null, created_at: at(5) }],
      failures: [{ reason: 'nobody home', outcome: 'reschedule', staff_id: null, created_at: at(9) }],
    },
    names,
  );
  expect(timeline.map((e) => e.kind)).toEqual(['call', 'status', 'failed_delivery', 'status']);
  // A failed delivery recorded from the terminal has no staff member.
  expect(timeline[2]).toMatchObject({ by: 'terminal', reason: 'nobody home' });
  expect(timeline[3]).toMatchObject({ by: 'terminal:ops' });
});

test('no rows, no entries', () => {
  expect(buildTimeline(none, names)).toEqual([]);
});

test('a message to the shopper at its sending, and their reply before the move it made (issue 37)', () => {
  const timeline = buildTimeline(
    {
      ...none,
      events: [
        { status: 'PLACED', actor: 'shopper', note: null, created_at: at(0) },
        { status: 'ACCEPT', actor: 'shopper:whatsapp', note: 'confirmedByReply', created_at: at(50) },
      ],
      messages: [
        {
          channel: 'whatsapp',
          kind: 'confirm',
          status: 'read',
          error: null,
          reply: 'confirm',
          reply_text: null,
          replied_at: at(50),
          created_at: at(0),
        },
      ],
    },
    names,
  );
  expect(timeline.map((e) => e.kind)).toEqual(['message', 'status', 'message_reply', 'status']);
  expect(timeline[0]).toMatchObject({ channel: 'whatsapp', about: 'confirm', status: 'read' });
  expect(timeline[2]).toMatchObject({ reply: 'confirm' });
});
