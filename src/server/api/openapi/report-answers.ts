import * as z from 'zod/mini';
import { count, fields, listOf, named, text } from './answer-fields.ts';

/**
 * The reports' answers (issue 53), shared by the desk's and the seller portal's documents (TimeReport and RankedRow in
 * src/lib/reports/report-views.ts): a period of Cairo days, figures by name in both periods.
 */
const Period = fields({ from: text, to: text });
const Figures = z.record(z.string(), z.number());
const Compared = { current: Figures, previous: Figures };
const Ranked = listOf(fields({ key: text, name: text, ...Compared }));

export const TimeReport = named(
  'TimeReport',
  fields({
    period: Period,
    previousPeriod: Period,
    by: text,
    rows: listOf(fields({ from: text, to: text, ...Compared })),
    totals: fields(Compared),
  }),
);

export const CodReport = named(
  'CodReport',
  fields({
    period: Period,
    placed: fields({ current: count, previous: count }),
    channels: Ranked,
    governorates: Ranked,
    couriers: Ranked,
    confirmTimes: Ranked,
    cashByAge: listOf(fields({ key: text, name: text, current: Figures })),
  }),
);

export const PaymentsReport = named(
  'PaymentsReport',
  fields({ period: Period, methods: Ranked, providers: Ranked, codes: Ranked }),
);

export const CatalogReport = named(
  'CatalogReport',
  fields({
    period: Period,
    products: Ranked,
    categories: Ranked,
    sellers: Ranked,
    commission: Ranked,
    outOfStock: Ranked,
    soldOut: Ranked,
  }),
);

export const CustomersReport = named('CustomersReport', fields({ period: Period, shoppers: Ranked, governorates: Ranked }));

export const SellerReport = named('SellerReport', fields({ period: Period, over: TimeReport, products: Ranked }));
