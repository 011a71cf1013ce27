import { formatOrderId } from '#i18n/format.ts';
import { interpolate, interpolateIsolated, isolate } from '#i18n/interpolate.ts';
import { intlTag, type Locale } from '#i18n/locales.ts';
import type { HandoverField } from '#lib/couriers/handover-address.ts';
import type { HandoverOutcome } from './courier-delivery-views.ts';
import type { HandoverText } from './handover-columns.tsx';

/** What an order's address lacks before a company takes it ("Missing: street, building"), in the page's language. */
export const missingFieldsText = (locale: Locale, text: HandoverText, fields: HandoverField[]): string =>
  interpolate(text.missing, { fields: new Intl.ListFormat(intlTag(locale)).format(fields.map((f) => text.fields[f])) });

/** Why one order of a hand-over was not handed over (HandoverDesk's list of problems); null when it was. */
export function handoverProblem(locale: Locale, text: HandoverText, r: HandoverOutcome): string | null {
  const order = formatOrderId(r.orderId);
  if (r.outcome === 'missing') return `${isolate(order)}: ${missingFieldsText(locale, text, r.missing)}`;
  if (r.outcome === 'notReady') return interpolateIsolated(text.notReady, { order });
  if (r.outcome === 'failed') return interpolateIsolated(text.failed, { order, message: r.message });
  if (r.outcome === 'pending') return interpolateIsolated(text.pending, { order });
  return null;
}
