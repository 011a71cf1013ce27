import { describe, expect, test } from 'vitest';
import { bostaStep, courierPath, orderStatusFor } from './courier-steps.ts';

describe('Bosta states read as steps', () => {
  test.each([
    [10, 'created'],
    [20, 'created'],
    [21, 'picked_up'],
    [24, 'picked_up'],
    [41, 'out_for_delivery'],
    [45, 'delivered'],
    [47, 'failed_attempt'],
    [46, 'returned'],
    [48, 'cancelled'],
    [49, 'cancelled'],
    // 60 is not a return everywhere in Bosta's guides (delivered, in its international table): a person looks.
    [60, 'attention'],
    [100, 'attention'],
    [101, 'attention'],
    [999, 'attention'],
  ] as const)('state %i is %s', (code, step) => {
    expect(bostaStep(code)).toBe(step);
  });
});

describe('the order status a step asks for', () => {
  test('a picked-up parcel moves a ready order to the courier; a second notice moves nothing', () => {
    expect(orderStatusFor('picked_up', 'READY_TO_SHIP')).toBe('WITH_COURIER');
    expect(orderStatusFor('picked_up', 'WITH_COURIER')).toBeNull();
    expect(orderStatusFor('out_for_delivery', 'READY_TO_SHIP')).toBe('WITH_COURIER');
  });

  test('delivered and returned close the order; never backwards from a closed one', () => {
    expect(orderStatusFor('delivered', 'WITH_COURIER')).toBe('DELIVERED');
    expect(orderStatusFor('returned', 'WITH_COURIER')).toBe('CANCELED');
    expect(orderStatusFor('picked_up', 'DELIVERED')).toBeNull();
    expect(orderStatusFor('returned', 'DELIVERED')).toBeNull();
    expect(orderStatusFor('delivered', 'CANCELED')).toBeNull();
  });

  test('a parcel the company has not taken, a cancelled delivery or a state to look at leave the order', () => {
    expect(orderStatusFor('created', 'READY_TO_SHIP')).toBeNull();
    expect(orderStatusFor('cancelled', 'READY_TO_SHIP')).toBeNull();
    expect(orderStatusFor('attention', 'WITH_COURIER')).toBeNull();
  });
});

describe("the courier's steps the shopper follows", () => {
  test('on the way: the steps passed, where it is, what is ahead', () => {
    expect(courierPath('out_for_delivery').map((s) => `${s.step}:${s.state}`)).toEqual([
      'created:done',
      'picked_up:done',
      'out_for_delivery:current',
      'delivered:next',
    ]);
  });

  test('a failed attempt or a return shows after the steps passed, with nothing ahead', () => {
    expect(courierPath('failed_attempt').map((s) => `${s.step}:${s.state}`)).toEqual([
      'created:done',
      'picked_up:done',
      'out_for_delivery:done',
      'failed_attempt:current',
    ]);
    expect(courierPath('cancelled').map((s) => s.step)).toEqual(['created', 'cancelled']);
  });
});
