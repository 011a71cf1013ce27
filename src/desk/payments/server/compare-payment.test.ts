import { describe, expect, test } from 'vitest';
import type { VerifiedCallback } from '#server/payments/gateway.ts';
import { comparePayment } from './compare-payment.ts';

const theirs = (over: Partial<VerifiedCallback>): VerifiedCallback => ({
  tranRef: '1',
  reference: 'BB-1-a',
  amount: 45050,
  currency: 'EGP',
  outcome: 'paid',
  ...over,
});
const kinds = (ours: { status: string; amount?: number; refunded?: number }, answer: Partial<VerifiedCallback>) =>
  comparePayment({ amount: 45050, refunded: 0, ...ours }, theirs(answer)).map((m) => m.kind);

describe('one payment, the provider’s record against ours', () => {
  test('both paid, same amount, nothing given back: no mismatch', () => {
    expect(kinds({ status: 'paid' }, {})).toEqual([]);
    expect(kinds({ status: 'declined' }, { outcome: 'declined' })).toEqual([]);
    expect(kinds({ status: 'pending' }, { outcome: 'pending', amount: Number.NaN })).toEqual([]);
  });

  test('paid there, not here (still waiting, or given up by the timeout)', () => {
    expect(kinds({ status: 'pending' }, {})).toEqual(['paid_there']);
    expect(kinds({ status: 'expired' }, {})).toEqual(['paid_there']);
  });

  test('paid here, not there (declined, or not known as paid)', () => {
    expect(kinds({ status: 'paid' }, { outcome: 'declined' })).toEqual(['not_paid_there']);
    expect(kinds({ status: 'paid' }, { outcome: 'pending', amount: Number.NaN })).toEqual(['not_paid_there']);
  });

  test('another amount is listed once, whatever else', () => {
    expect(kinds({ status: 'paid' }, { amount: 45150 })).toEqual(['amount_differs']);
    expect(kinds({ status: 'pending' }, { amount: 45150 })).toEqual(['amount_differs']);
  });

  test('refunded there beyond what finance paid back through it; Fawry’s "partly" only when we gave nothing back', () => {
    // A refunded transaction (Paymob keeps its flags: no payment outcome) was still paid.
    expect(kinds({ status: 'paid' }, { outcome: 'pending', refunded: 10000 })).toEqual(['refunded_there']);
    expect(kinds({ status: 'refunded', refunded: 45050 }, { refunded: 45050 })).toEqual([]);
    expect(kinds({ status: 'refund_due', refunded: 10000 }, { refunded: 20000 })).toEqual(['refunded_there']);
    expect(kinds({ status: 'paid' }, { refunded: 'some' })).toEqual(['refunded_there']);
    expect(kinds({ status: 'refund_due', refunded: 10000 }, { refunded: 'some' })).toEqual([]);
  });
});
