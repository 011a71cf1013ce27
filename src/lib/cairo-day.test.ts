import { expect, test } from 'vitest';
import { cairoDayEnd, cairoDayStart, cairoToday } from './cairo-day.ts';

test('a Cairo day starts two hours before UTC midnight in winter and three in summer', () => {
  expect(cairoDayStart('2026-01-15')).toBe('2026-01-14T22:00:00.000Z');
  expect(cairoDayStart('2026-07-15')).toBe('2026-07-14T21:00:00.000Z');
  expect(cairoDayEnd('2026-01-15')).toBe('2026-01-15T22:00:00.000Z');
});

test('today in Cairo is already tomorrow at 23:30 UTC', () => {
  expect(cairoToday(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
  expect(cairoToday(new Date('2026-01-15T21:30:00Z'))).toBe('2026-01-15');
});
