import { fields, flag, id, named, nullableText, pageOf, piastres, text, when } from '#server/api/openapi/answer-fields.ts';

/** The refunds desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const RefundPage = named(
  'DeskRefundPage',
  pageOf(
    fields({
      id,
      orderId: id,
      shopper: fields({}),
      amount: piastres,
      destination: text,
      reason: text,
      status: text,
      since: when,
      paidAt: nullableText,
      providerRef: nullableText,
      hasPayment: flag,
    }),
  ),
);

export const PaidRefund = fields({
  id,
  orderId: id,
  amount: piastres,
  destination: text,
  providerRef: nullableText,
  remaining: piastres,
});
