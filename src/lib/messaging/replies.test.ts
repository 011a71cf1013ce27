import { describe, expect, test } from 'vitest';
import { chosenDay, dayPayload, isOptOut, parseDayPayload, parseReplyPayload, replyPayload, statusMoves } from './replies.ts';

describe('quick reply payloads', () => {
  test('name the order and the answer, and read back', () => {
    expect(replyPayload(42, 'change_address')).toBe('order:42:change_address');
    expect(parseReplyPayload('order:42:change_address')).toEqual({ orderId: 42, reply: 'change_address' });
  });
  test('anything else is not a reply', () => {
    for (const payload of ['order:42:refund', 'order:x:confirm', 'confirm', 'order:42:confirm ', ''])
      expect(parseReplyPayload(payload)).toBeNull();
  });
});

describe('opt-out words', () => {
  test('STOP and إلغاء as people type them', () => {
    for (const text of ['STOP', 'stop', ' Stop! ', 'إلغاء', 'الغاء', 'إلغاء.', 'إلغاء الاشتراك', 'unsubscribe'])
      expect(isOptOut(text), text).toBe(true);
  });
  test('a sentence that merely contains them does not stop anything', () => {
    for (const text of ['please stop by at 5', 'عايز إلغاء العنوان القديم', 'ok', 'تمام'])
      expect(isOptOut(text), text).toBe(false);
  });
});

describe('delivery statuses arriving out of order', () => {
  test('move forward only', () => {
    expect(statusMoves('sent', 'delivered')).toBe(true);
    expect(statusMoves('read', 'delivered')).toBe(false);
    expect(statusMoves('delivered', 'sent')).toBe(false);
    expect(statusMoves('sent', 'failed')).toBe(true);
    expect(statusMoves('delivered', 'failed')).toBe(false);
    expect(statusMoves('failed', 'delivered')).toBe(true);
  });
});

describe('a failed attempt’s day choices', () => {
  test('name the order and the choice, and read back; a confirmation’s payload is not one', () => {
    expect(dayPayload(42, 'day_after')).toBe('day:42:day_after');
    expect(parseDayPayload('day:42:day_after')).toEqual({ orderId: 42, choice: 'day_after' });
    expect(parseDayPayload('order:42:confirm')).toBeNull();
    expect(parseDayPayload('day:42:next_week')).toBeNull();
  });
  test('tomorrow is Cairo’s tomorrow: 23:30 UTC on 1 March is already 2 March in Cairo', () => {
    expect(chosenDay('tomorrow', new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-03');
    expect(chosenDay('day_after', new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-03');
    expect(chosenDay('call_me', new Date('2026-03-01T10:00:00Z'))).toBeNull();
  });
});
