import { describe, expect, test } from 'vitest';
import { axisTop, barHeight, labelled, niceMax, startBar, timeSlots } from './chart-geometry.ts';

describe('the charts’ geometry (decision 037)', () => {
  test('time runs left to right in English and right to left in Arabic, the first bucket at the start side', () => {
    const ltr = timeSlots(3, 10, 300, 'ltr');
    const rtl = timeSlots(3, 10, 300, 'rtl');
    expect(ltr.map((s) => s.x)).toEqual([10, 110, 210]);
    expect(rtl.map((s) => s.x)).toEqual([210, 110, 10]);
  });

  test('bars grow from the start side', () => {
    expect(startBar(50, 100, 200, 'ltr')).toEqual({ x: 0, width: 100 });
    expect(startBar(50, 100, 200, 'rtl')).toEqual({ x: 100, width: 100 });
    expect(startBar(5, 0, 200, 'rtl')).toEqual({ x: 200, width: 0 });
  });

  test('a round top at or above the largest value; heights in proportion, never negative', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(73)).toBe(100);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(2_400_000)).toBe(2_500_000);
    expect(barHeight(50, 200, 100)).toBe(25);
    expect(barHeight(-5, 200, 100)).toBe(0);
  });

  test('about as many labels as there is room for, the first and the last always', () => {
    expect([...labelled(30, 6)]).toEqual([0, 5, 10, 15, 20, 25, 29]);
    expect([...labelled(3, 6)]).toEqual([0, 1, 2]);
  });
});

test('an empty or tiny period keeps whole steps on the axis: 0-4 orders, EGP 0-4 (not quarters of a piastre)', () => {
  expect(axisTop(0)).toBe(4);
  expect(axisTop(3)).toBe(4);
  expect(axisTop(0, 100)).toBe(400);
  expect(axisTop(150, 100)).toBe(400);
  expect(axisTop(73_000, 100)).toBe(100_000);
});
