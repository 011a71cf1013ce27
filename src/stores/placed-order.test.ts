import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { OrderView } from '#lib/orders/views.ts';

// The store's one API client, answered by the test.
const asked: { path: string; answer: (status: number, body: unknown) => void }[] = [];
vi.mock('#lib/api-client.ts', () => ({
  shopperFetch: (path: string) =>
    new Promise((resolve) =>
      asked.push({ path, answer: (status, body) => resolve({ ok: status < 400, status, body, problem: null }) }),
    ),
}));
const resetCart = vi.fn();
vi.mock('./cart.ts', () => ({ resetCart }));
const { $placedOrder, followOrder, POLL_MS } = await import('./placed-order.ts');
const { setSession } = await import('./session.ts');

const order = (payment_status: string) => ({ data: { id: 42, payment_status, items: [] } as unknown as OrderView });
const settle = () => vi.advanceTimersByTimeAsync(0);

let stops: (() => void)[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => undefined });
  setSession({ id: 1, firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '+201000000001', avatar: null });
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  setSession(null);
  asked.length = 0;
  resetCart.mockClear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('two islands following one order share one series of questions, which stops once the payment settles', async () => {
  stops = [followOrder('42'), followOrder('42')];
  expect(asked.map((a) => a.path)).toEqual(['/orders/42']);
  asked.shift()!.answer(200, order('awaiting'));
  await settle();
  expect($placedOrder.get()).toEqual({ id: '42', payment: 'awaiting', tries: 1 });
  expect(asked).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(POLL_MS);
  expect(asked.map((a) => a.path)).toEqual(['/orders/42']);
  asked.shift()!.answer(200, order('paid'));
  await settle();
  expect($placedOrder.get()).toEqual({ id: '42', payment: 'paid', tries: 2 });
  expect(resetCart).toHaveBeenCalledOnce();
  await vi.advanceTimersByTimeAsync(POLL_MS * 3);
  expect(asked).toHaveLength(0);
});

test('no order in the address: nothing is asked', () => {
  stops = [followOrder('12abc')];
  expect($placedOrder.get()).toEqual({ id: null, payment: 'none', tries: 0 });
  expect(asked).toHaveLength(0);
});

test('signing out forgets the order and stops asking', async () => {
  stops = [followOrder('42')];
  asked.shift()!.answer(200, order('awaiting'));
  await settle();
  setSession(null);
  expect($placedOrder.get()).toEqual({ id: null, payment: null, tries: 0 });
  await vi.advanceTimersByTimeAsync(POLL_MS * 2);
  expect(asked).toHaveLength(0);
});

test('a kiosk payment waiting for cash carries its code, expiry and amount; once paid the code is gone', async () => {
  stops = [followOrder('42')];
  const code = { code: '81234567', expires_at: '2026-11-28T10:00:00.000Z' };
  asked.shift()!.answer(200, { data: { ...order('awaiting').data, DiscountedTotal: 60000, payment_code: code } });
  await settle();
  expect($placedOrder.get()).toEqual({ id: '42', payment: 'awaiting', tries: 1, paymentCode: { ...code, amount: 60000 } });
  await vi.advanceTimersByTimeAsync(POLL_MS);
  asked.shift()!.answer(200, order('paid'));
  await settle();
  expect($placedOrder.get()).toEqual({ id: '42', payment: 'paid', tries: 2 });
});
