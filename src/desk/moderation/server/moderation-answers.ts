import { fields, flag, id, listOf, named, text, when } from '#server/api/openapi/answer-fields.ts';

/** The catalog moderation queue's answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const ModerationQueue = named(
  'DeskModerationQueue',
  listOf(
    fields({
      id,
      kind: text,
      product: fields({ id, sku: text, name_en: text, name_ar: text }),
      seller: fields({ id, name_en: text, name_ar: text }),
      submitted_at: when,
      submitted_by: text,
      differences: listOf(fields({ field: text })),
    }),
  ),
);

export const SellerTrust = fields({ id, trusted: flag });
