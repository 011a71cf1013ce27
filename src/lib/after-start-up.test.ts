import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { afterStartUp, QUIET_MS } from './after-start-up.ts';

/** The page's window, as far as afterStartUp uses it: its events, and no requestIdleCallback (a timeout then). */
let page: EventTarget;
beforeEach(() => {
  vi.useFakeTimers();
  page = new EventTarget();
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
  vi.stubGlobal('self', {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('nothing during the start-up: the work waits for load and then the quiet time', () => {
  const work = vi.fn();
  afterStartUp(work);
  vi.advanceTimersByTime(QUIET_MS * 2);
  expect(work).not.toHaveBeenCalled();
  page.dispatchEvent(new Event('load'));
  vi.advanceTimersByTime(QUIET_MS - 1);
  expect(work).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  vi.runOnlyPendingTimers();
  expect(work).toHaveBeenCalledTimes(1);
});

test('the first tap after load starts it at once (when idle), and only once whatever follows', () => {
  const work = vi.fn();
  afterStartUp(work);
  page.dispatchEvent(new Event('pointerdown'));
  vi.runOnlyPendingTimers();
  expect(work).not.toHaveBeenCalled();
  page.dispatchEvent(new Event('load'));
  page.dispatchEvent(new Event('keydown'));
  vi.advanceTimersByTime(0);
  expect(work).toHaveBeenCalledTimes(1);
  page.dispatchEvent(new Event('pointerdown'));
  vi.advanceTimersByTime(QUIET_MS * 2);
  expect(work).toHaveBeenCalledTimes(1);
});

test('a caller after load (its script ran late) is not left waiting for a load that already fired', () => {
  vi.stubGlobal('self', { document: { readyState: 'complete' } });
  const work = vi.fn();
  afterStartUp(work);
  vi.advanceTimersByTime(QUIET_MS);
  vi.runOnlyPendingTimers();
  expect(work).toHaveBeenCalledTimes(1);
});
