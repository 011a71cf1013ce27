import { expect, test } from 'vitest';
import { canMovePart, PART_STATUSES, sellerMayAct } from './part-status.ts';

test('a part moves forward only: new, accepted, ready; cancelled from any of them, and never back', () => {
  expect(canMovePart('new', 'accepted')).toBe(true);
  expect(canMovePart('accepted', 'ready')).toBe(true);
  expect(canMovePart('new', 'ready')).toBe(false);
  expect(canMovePart('ready', 'accepted')).toBe(false);
  for (const from of ['new', 'accepted', 'ready'] as const) expect(canMovePart(from, 'cancelled')).toBe(true);
  for (const to of PART_STATUSES) expect(canMovePart('cancelled', to)).toBe(false);
});

test('the seller has something to do until the part is ready (then it waits for the courier) or cancelled', () => {
  expect(PART_STATUSES.filter(sellerMayAct)).toEqual(['new', 'accepted']);
});
