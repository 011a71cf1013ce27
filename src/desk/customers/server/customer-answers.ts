import {
  count,
  fields,
  flag,
  id,
  listOf,
  named,
  nullableText,
  pageOf,
  piastres,
  text,
  when,
} from '#server/api/openapi/answer-fields.ts';

/** The customers desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const CustomerPage = named(
  'DeskCustomerPage',
  pageOf(fields({ id, name: text, phone: text, email: text, joined: when, orders: count, codBlocked: flag })),
);

export const CodFlag = fields({ blocked: flag, since: nullableText, reason: nullableText });

export const WalletBalance = fields({ balance: piastres });

export const Customer = named(
  'DeskCustomer',
  fields({
    id,
    name: text,
    phone: text,
    email: text,
    joined: when,
    cod: CodFlag,
    orders: listOf(fields({ id, createdAt: when, status: text, paymentMethod: text, paymentStatus: text, total: piastres })),
    addresses: listOf(fields({ id, title: text, governorate: text, city: text, primary: flag })),
    wallet: fields({ balance: piastres, entries: listOf(fields({})) }),
  }),
);
