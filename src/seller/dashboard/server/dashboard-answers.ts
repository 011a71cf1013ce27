import { count, fields, id, listOf, named, piastres, text, when } from '#server/api/openapi/answer-fields.ts';

/** The seller dashboard's answer, as its island reads it (issue 49: documented and checked like the shop's). */
export const SellerFigures = named(
  'SellerFigures',
  fields({
    month: text,
    sales: piastres,
    deliveredLines: count,
    partsToPrepare: fields({ new: count, accepted: count }),
    balances: fields({ pending: piastres, available: piastres }),
    products: count,
    orders: count,
    recent: listOf(fields({ order_id: id, placed_at: when, status: text, lines: count, lines_total: piastres })),
  }),
);
