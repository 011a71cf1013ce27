import {
  count,
  fields,
  flag,
  id,
  listOf,
  named,
  nullable,
  nullableText,
  piastres,
  text,
  when,
} from '#server/api/openapi/answer-fields.ts';

/** The seller portal's catalog answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const SellerProductPage = named(
  'SellerProductPage',
  fields({
    items: listOf(
      fields({
        id,
        sku: text,
        name_en: text,
        name_ar: text,
        price: piastres,
        stock: count,
        hidden: flag,
        change: nullable(fields({})),
      }),
    ),
    total: count,
    page: count,
    pageSize: count,
  }),
);

export const SellerChanges = listOf(
  fields({
    id,
    product_id: nullable(id),
    sku: text,
    kind: text,
    status: text,
    submitted_at: when,
    decided_at: nullableText,
    reason: nullableText,
    fields: listOf(text),
  }),
);

export const CategoryChoices = fields({
  categories: listOf(fields({ id, name: text, sub_categories: listOf(fields({ id, name: text })) })),
});
