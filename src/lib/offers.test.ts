import { expect, test } from 'vitest';
import { offerActive, offerEnded } from './offers.ts';

const offer = { validFrom: new Date('2026-11-01'), validUntil: new Date('2026-11-30') };

test('an offer runs through the whole of its last day in Cairo (UTC+2 in winter), then ends', () => {
  expect(offerActive(offer, new Date('2026-11-30T21:59:59Z'))).toBe(true);
  expect(offerEnded(offer, new Date('2026-11-30T21:59:59Z'))).toBe(false);
  expect(offerEnded(offer, new Date('2026-11-30T22:00:00Z'))).toBe(true);
  expect(offerActive(offer, new Date('2026-11-30T22:00:00Z'))).toBe(false);
});

test('an offer starts at midnight in Cairo on its first day', () => {
  expect(offerActive(offer, new Date('2026-10-31T21:59:59Z'))).toBe(false);
  expect(offerActive(offer, new Date('2026-10-31T22:00:00Z'))).toBe(true);
});

test('an offer that has not started is neither active nor ended', () => {
  const now = new Date('2026-10-15');
  expect(offerActive(offer, now)).toBe(false);
  expect(offerEnded(offer, now)).toBe(false);
});
