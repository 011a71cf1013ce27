import { bilingual, count, fields, flag, id, listOf, named, piastres, text, when } from '#server/api/openapi/answer-fields.ts';

/** The seller portal's order answers, as its islands read them (issue 49: documented and checked like the shop's). */
const PartSummary = { id, orderId: id, status: text, orderStatus: text, createdAt: when, lines: count, amount: piastres };

export const PartPage = named(
  'SellerPartPage',
  fields({ items: listOf(fields(PartSummary)), total: count, page: count, pageSize: count, counts: fields({}) }),
);

export const Part = named(
  'SellerPart',
  fields({
    ...PartSummary,
    governorate: bilingual,
    city: text,
    paymentMethod: text,
    items: listOf(
      fields({
        id,
        productId: id,
        name: bilingual,
        image: text,
        unitPrice: piastres,
        quantity: count,
        total: piastres,
        cancelled: flag,
      }),
    ),
  }),
);
