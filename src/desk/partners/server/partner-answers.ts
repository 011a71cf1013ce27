import { count, fields, flag, id, listOf, named, nullable, nullableText, text, when } from '#server/api/openapi/answer-fields.ts';

/** The partners desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const ApplicationPage = named(
  'DeskApplicationPage',
  fields({
    rows: listOf(fields({ id, brand_name: text, email: text, mobile: text, status: text, created_at: when, files: count })),
    status: text,
    page: count,
    pages: count,
    counts: fields({ received: count, approved: count, rejected: count }),
  }),
);

export const Application = named(
  'DeskApplication',
  fields({
    id,
    brand_name: text,
    email: text,
    mobile: text,
    locale: text,
    status: text,
    created_at: when,
    files: listOf(fields({ id, kind: text, name: text, mime: text, size: count })),
    decided_at: nullableText,
    decision_reason: nullableText,
    seller_id: nullable(id),
  }),
);

export const Approved = fields({
  application: Application,
  seller: fields({ id, slug: text }),
  notified: flag,
  ownerInvite: fields({ email: text, link: text }),
});

export const Rejected = fields({ application: Application, notified: flag });

export const Sellers = listOf(fields({ id, name: text, city: text, status: text, products: count, trusted: flag }));

export const SellerStatus = fields({ status: text });

export const SellerOwners = listOf(fields({ id, name: text, email: text, status: text }));
