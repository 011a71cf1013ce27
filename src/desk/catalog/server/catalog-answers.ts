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

/** The catalog desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
const GridRow = fields({ id, sku: text, name: text, price: piastres, before_discount: nullable(piastres), stock: count });

export const ProductGridPage = named('DeskProductGridPage', fields({ rows: listOf(GridRow), q: text, page: count, more: flag }));

export const SavedGridRows = listOf(GridRow);

export const EditableProduct = named(
  'DeskEditableProduct',
  fields({
    id,
    sku: text,
    name_en: text,
    name_ar: text,
    category_id: id,
    sub_category_id: id,
    seller_id: nullable(id),
    price: piastres,
    before_discount: nullable(piastres),
    stock: count,
    hidden: flag,
    images: listOf(fields({ url: text, alt_en: text, alt_ar: text })),
  }),
);

export const CreatedProduct = fields({ id });

export const StockMovements = listOf(
  fields({
    id,
    delta: piastres,
    stock_after: count,
    reason: text,
    order_id: nullable(id),
    actor: text,
    note: nullableText,
    at: when,
  }),
);

export const CategoryTree = named(
  'DeskCategoryTree',
  listOf(
    fields({
      id,
      slug: text,
      name_en: text,
      name_ar: text,
      products: count,
      sub_categories: listOf(fields({ id, slug: text, name_en: text, name_ar: text, products: count })),
    }),
  ),
);

export const CreatedCategory = fields({ id });

/** A stored photo: the URL a product keeps and its size. */
export const StoredPhoto = fields({ url: text, width: count, height: count });

export const CsvImportReport = fields({
  rows: count,
  create: count,
  update: count,
  unchanged: count,
  refused: count,
  details: listOf(
    fields({
      line: count,
      sku: text,
      action: text,
      changes: listOf(text),
      problems: listOf(fields({ column: text, problem: text })),
    }),
  ),
  fileProblem: optional(fields({ kind: text })),
  applied: flag,
});
