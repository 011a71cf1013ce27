import { expect, test } from 'vitest';
import { keyedThrottle } from './throttle.ts';

test('calls for one key within the window are dropped; other keys are independent', () => {
  let now = 1_000;
  const allow = keyedThrottle(500, () => now);
  expect(allow(1)).toBe(true);
  now += 499;
  expect(allow(1)).toBe(false);
  expect(allow(2)).toBe(true);
  now += 1;
  expect(allow(1)).toBe(true);
  // A dropped call does not extend the window.
  now += 200;
  expect(allow(1)).toBe(false);
  now += 300;
  expect(allow(1)).toBe(true);
});
