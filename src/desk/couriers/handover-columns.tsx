import type { ReactNode } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { localField } from '#i18n/localized.ts';
import { buttonClass } from '#kit/Button.tsx';
import type { DeskColumn } from '#kit/DataTable.tsx';
import type { HandoverRow } from './courier-delivery-views.ts';
import { orderColumn } from './order-column.tsx';

export type HandoverText = Dictionary['couriers']['desk'];
type Delivery = NonNullable<HandoverRow['delivery']>;

/**
 * The hand-over desk's columns (HandoverDesk): the order, who receives it and where, the cash to collect, its step
 * (`stepOf`) and its delivery's tracking (`trackingOf`, with the desk's cancel button).
 */
export const handoverColumns = (
  locale: Locale,
  text: HandoverText,
  stepOf: (row: HandoverRow) => ReactNode,
  trackingOf: (row: HandoverRow) => ReactNode,
): DeskColumn<HandoverRow>[] => [
  orderColumn(locale, text.order),
  {
    id: 'receiver',
    label: text.receiver,
    header: text.receiver,
    cell: ({ row }) => (
      <>
        <bdi>{row.original.receiver}</bdi>
        <br />
        <span dir="ltr">{row.original.phone}</span>
      </>
    ),
  },
  {
    id: 'governorate',
    label: text.governorate,
    header: text.governorate,
    cell: ({ row }) => (
      <>
        {localField(locale, { name_en: row.original.governorate.en, name_ar: row.original.governorate.ar }, 'name')}
        <br />
        <bdi>{row.original.area}</bdi>
      </>
    ),
  },
  {
    id: 'cash',
    label: text.cash,
    header: text.cash,
    align: 'end',
    cell: ({ row }) => <bdi>{formatMoney(row.original.cashToCollect, locale)}</bdi>,
  },
  { id: 'status', label: text.status, header: text.status, cell: ({ row }) => stepOf(row.original) },
  { id: 'tracking', label: text.tracking, header: text.tracking, cell: ({ row }) => trackingOf(row.original) },
];

/** A delivery's company and tracking number (a link when the company has a tracking page), and what may end it. */
export function DeliveryTracking({ delivery, company, cancel }: { delivery: Delivery; company: string; cancel: ReactNode }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>{company}</span>
      {delivery.trackingLink ? (
        <a href={delivery.trackingLink} dir="ltr" className="underline underline-offset-2" data-tracking>
          {delivery.trackingNumber}
        </a>
      ) : (
        <span dir="ltr" data-tracking>
          {delivery.trackingNumber}
        </span>
      )}
      {cancel}
    </span>
  );
}

/** The chosen orders' airway bills as one PDF, opened in a new tab to print. */
export function AirwayBillsLink({ text, orderIds }: { text: HandoverText; orderIds: number[] }) {
  return (
    <a
      className={buttonClass('secondary', 'sm')}
      href={`/api/admin/courier-deliveries/airway-bills?orders=${orderIds.join(',')}`}
      target="_blank"
      rel="noopener"
      title={text.printBillsHint}
    >
      {text.printBills}
    </a>
  );
}
