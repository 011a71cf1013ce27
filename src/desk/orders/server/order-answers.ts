import {
  bilingual,
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

/** The orders desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
const Shopper = fields({ id, name: text, phone: text });

export const DeskOrderPage = named(
  'DeskOrderPage',
  fields({
    page: count,
    total: count,
    counts: fields({}),
    rows: listOf(
      fields({
        id,
        createdAt: when,
        status: text,
        paymentMethod: text,
        paymentStatus: text,
        total: piastres,
        shopper: Shopper,
        governorate: bilingual,
        courierId: nullable(id),
        trackingNumber: nullableText,
      }),
    ),
  }),
);

export const DeskOrder = named(
  'DeskOrder',
  fields({
    id,
    status: text,
    createdAt: when,
    locale: text,
    paymentMethod: text,
    paymentStatus: text,
    money: fields({
      subtotal: piastres,
      saleDiscount: piastres,
      couponDiscount: piastres,
      shipping: piastres,
      wallet: piastres,
      total: piastres,
      cashToCollect: piastres,
    }),
    lines: listOf(fields({ productId: id, nameEn: text, nameAr: text, unitPrice: piastres, quantity: count })),
    shopper: fields({ id, name: text, phone: text, codBlocked: flag }),
    address: fields({ city: text, area: text, street: text }),
    courier: nullable(fields({ id, name: text, phone: text })),
    timeline: listOf(fields({ kind: text, at: when, by: text })),
    nextStatuses: listOf(text),
    failedCalls: count,
  }),
);

/** Where a move (or a failed delivery) left the order. */
export const MovedOrder = fields({ status: text });

export const BulkMoveResults = listOf(fields({ id, ok: flag, status: optional(text), message: optional(text) }));

export const Noted = fields({ ok: flag });

export const ConfirmationQueue = listOf(
  fields({
    id,
    createdAt: when,
    total: piastres,
    shopper: Shopper,
    governorate: bilingual,
    failedCalls: count,
    lastCall: nullable(fields({ outcome: text, at: when })),
    callBackAt: nullableText,
    message: nullable(fields({ status: text })),
  }),
);

export const LoggedCall = fields({ status: text, failedCalls: count });
