import {
  count,
  fields,
  flag,
  id,
  listOf,
  named,
  nullable,
  nullableText,
  optional,
  piastres,
  text,
  when,
} from '#server/api/openapi/answer-fields.ts';

/** The sellers' money desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const SellerBalance = named(
  'SellerBalance',
  fields({ sellerId: id, pending: piastres, available: piastres, payoutsSuspended: flag }),
);

export const SellerBalances = listOf(
  fields({ sellerId: id, name: text, pending: piastres, available: piastres, payoutsSuspended: flag }),
);

const Totals = fields({ pending: piastres, available: piastres, total: piastres });

export const Statement = named(
  'SellerStatement',
  fields({
    sellerId: id,
    from: text,
    to: text,
    opening: Totals,
    broughtForward: piastres,
    lines: listOf(
      fields({
        entryId: id,
        at: when,
        kind: text,
        orderId: nullable(id),
        memo: nullableText,
        account: text,
        amount: piastres,
        balance: piastres,
      }),
    ),
    carriedForward: piastres,
    closing: Totals,
    next: nullableText,
    lineCount: count,
  }),
);

export const Payout = named(
  'SellerPayout',
  fields({ id, sellerId: id, amount: piastres, method: text, reference: text, staffId: nullable(id), createdAt: when }),
);

export const Payouts = fields({ payouts: listOf(Payout), total: count });

export const Adjustment = fields({ transactionId: id });

export const CommissionRule = named(
  'CommissionRule',
  fields({
    scope: text,
    sellerId: nullable(id),
    categoryId: nullable(id),
    kind: text,
    rateBp: optional(count),
    minFee: optional(nullable(piastres)),
    maxFee: optional(nullable(piastres)),
    flatFee: optional(piastres),
  }),
);

export const CommissionRules = listOf(CommissionRule);

export const ReturnedLines = fields({ refunded: piastres });
