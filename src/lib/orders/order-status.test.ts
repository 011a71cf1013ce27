import { expect, test } from 'vitest';
import { CANCELLABLE, canTransition, isOrderStatus, nextStatuses, operatorNextStatuses, ORDER_STATUSES } from './order-status.ts';

test('an order moves forward one step at a time to DELIVERED', () => {
  const path = ['PLACED', 'ACCEPT', 'PREPARE', 'READY_TO_SHIP', 'WITH_COURIER', 'DELIVERED'] as const;
  for (let i = 1; i < path.length; i += 1) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
  expect(canTransition('PLACED', 'DELIVERED')).toBe(false);
  expect(canTransition('DELIVERED', 'PLACED')).toBe(false);
  expect(canTransition('PREPARE', 'ACCEPT')).toBe(false);
});

test('the shopper may cancel only before PREPARE; staff until the courier has it; final states go nowhere', () => {
  expect(CANCELLABLE).toEqual(['PENDING', 'PLACED', 'ACCEPT']);
  expect(canTransition('PREPARE', 'CANCELED')).toBe(true);
  expect(canTransition('READY_TO_SHIP', 'CANCELED')).toBe(true);
  expect(canTransition('DELIVERED', 'CANCELED')).toBe(false);
  expect(nextStatuses('CANCELED')).toEqual([]);
  expect(nextStatuses('DELIVERED')).toEqual([]);
  for (const s of ORDER_STATUSES) expect(canTransition(s, s)).toBe(false);
});

test('only the eight spec statuses are statuses', () => {
  expect(isOrderStatus('PLACED')).toBe(true);
  expect(isOrderStatus('placed')).toBe(false);
  expect(isOrderStatus('SHIPPED')).toBe(false);
});

test('an operator never places an online order by hand: PENDING → PLACED is the payment’s move', () => {
  expect(operatorNextStatuses('PENDING')).toEqual(['CANCELED']);
  expect(operatorNextStatuses('PLACED')).toEqual(nextStatuses('PLACED'));
});

test('a failed delivery goes back to the shelf or returns to origin, never back to an earlier step', () => {
  expect(nextStatuses('WITH_COURIER')).toEqual(['DELIVERED', 'READY_TO_SHIP', 'CANCELED']);
  expect(canTransition('READY_TO_SHIP', 'PREPARE')).toBe(false);
  expect(canTransition('WITH_COURIER', 'ACCEPT')).toBe(false);
});
