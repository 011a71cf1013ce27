import { expect, test } from 'vitest';
import { balanced, creditLeg, debitLeg } from './accounts.ts';
import { commissionOn, pickRule, ruleScope, splitLine, type CommissionRule } from './commission.ts';

const percent = (
  sellerId: number | null,
  categoryId: number | null,
  rateBp: number,
  minFee: number | null = null,
  maxFee: number | null = null,
): CommissionRule => ({
  scope: ruleScope(sellerId, categoryId),
  sellerId,
  categoryId,
  kind: 'percent',
  rateBp,
  minFee,
  maxFee,
});
const flat = (sellerId: number | null, categoryId: number | null, flatFee: number): CommissionRule => ({
  scope: ruleScope(sellerId, categoryId),
  sellerId,
  categoryId,
  kind: 'flat',
  flatFee,
});

const rules = [percent(null, null, 1000), percent(null, 3, 1500), flat(7, null, 700), percent(7, 3, 500)];

test('the most specific rule wins: seller and category, then seller, then category, then the marketplace', () => {
  expect(pickRule(rules, { sellerId: 7, categoryId: 3 })?.scope).toBe('seller:7:category:3');
  expect(pickRule(rules, { sellerId: 7, categoryId: 4 })?.scope).toBe('seller:7');
  expect(pickRule(rules, { sellerId: 8, categoryId: 3 })?.scope).toBe('category:3');
  expect(pickRule(rules, { sellerId: 8, categoryId: 4 })?.scope).toBe('marketplace');
  // The order the rules are listed in does not matter.
  expect(pickRule([...rules].reverse(), { sellerId: 7, categoryId: 3 })?.scope).toBe('seller:7:category:3');
  expect(pickRule([], { sellerId: 1, categoryId: 1 })).toBeUndefined();
});

test('a percentage is rounded down to the piastre and held between its minimum and maximum', () => {
  expect(commissionOn(percent(null, null, 1000), 12_345)).toBe(1234);
  expect(commissionOn(percent(null, null, 1000, 2000), 12_345)).toBe(2000);
  expect(commissionOn(percent(null, null, 1000, null, 1000), 12_345)).toBe(1000);
  expect(commissionOn(percent(null, null, 1000, 500, 5000), 30_000)).toBe(3000);
});

test('a flat amount per line, never more than the line itself; no rule, no commission', () => {
  expect(commissionOn(flat(null, null, 700), 30_000)).toBe(700);
  expect(commissionOn(flat(null, null, 700), 500)).toBe(500);
  expect(commissionOn(percent(null, null, 1000, 2000), 1500)).toBe(1500);
  expect(commissionOn(undefined, 30_000)).toBe(0);
  expect(splitLine(flat(null, null, 700), 30_000)).toEqual({ commission: 700, sellerShare: 29_300 });
});

test('a transaction balances only when its debits equal its credits, each leg on one side', () => {
  expect(
    balanced([
      debitLeg('cod_with_couriers', null, 1000),
      creditLeg('seller_pending', 1, 900),
      creditLeg('commission_revenue', null, 100),
    ]),
  ).toBe(true);
  expect(balanced([debitLeg('cod_with_couriers', null, 1000), creditLeg('seller_pending', 1, 900)])).toBe(false);
  expect(balanced([{ account: 'bank', sellerId: null, debit: 5, credit: 5 }])).toBe(false);
  expect(balanced([{ account: 'bank', sellerId: null, debit: 0.5, credit: 0 }, creditLeg('seller_available', 1, 0.5)])).toBe(
    false,
  );
  // A negative amount turns a credit into a debit (an adjustment that takes back).
  expect(creditLeg('seller_available', 1, -300)).toEqual({ account: 'seller_available', sellerId: 1, debit: 300, credit: 0 });
});
