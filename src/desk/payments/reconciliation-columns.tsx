import type { Dictionary } from '#i18n/en.ts';
import { formatMoney, formatNumber } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import type { DeskColumn } from '#kit/DataTable.tsx';
import { Filled } from '#islands/shared/Filled.tsx';
import type { MismatchView, ReconciliationRunView } from './reconciliation-view.ts';

export type Text = Dictionary['adminPayments']['reconciliation'];
const named = (names: Record<string, string>, key: string) => names[key] ?? key;

/** One side of a mismatch: the amount, the status and what was refunded, as that side has them. */
function Side({
  amount,
  status,
  refunded,
  some,
  text,
  locale,
}: {
  amount: number | null;
  status: string;
  refunded: number | null;
  some?: boolean;
  text: Text;
  locale: Locale;
}) {
  return (
    <span className="inline-flex flex-wrap gap-x-2">
      {amount !== null && <bdi>{formatMoney(amount, locale)}</bdi>}
      <span>{named(text.statuses, status)}</span>
      {refunded ? (
        <span>
          <Filled template={text.refunded} values={{ amount: formatMoney(refunded, locale) }} />
        </span>
      ) : some ? (
        <span>{text.refundedSome}</span>
      ) : null}
    </span>
  );
}

/** The providers' runs of the day: how many payments each was asked about, the mismatches, the ones not answered. */
export const runColumns = (text: Text, locale: Locale): DeskColumn<ReconciliationRunView>[] => [
  {
    id: 'provider',
    label: text.provider,
    header: text.provider,
    cell: ({ row }) => named(text.providers, row.original.provider),
  },
  {
    id: 'checked',
    label: text.checked,
    header: text.checked,
    align: 'end',
    cell: ({ row }) => formatNumber(row.original.checked, locale),
  },
  {
    id: 'mismatches',
    label: text.mismatches,
    header: text.mismatches,
    align: 'end',
    cell: ({ row }) => formatNumber(row.original.mismatches, locale),
  },
  {
    id: 'unreachable',
    label: text.unreachable,
    header: text.unreachable,
    align: 'end',
    cell: ({ row }) => formatNumber(row.original.unreachable, locale),
  },
];

/** Each mismatch: the order, the provider and its reference, what differs, then both sides. */
export const mismatchColumns = (text: Text, locale: Locale): DeskColumn<MismatchView>[] => [
  {
    id: 'order',
    label: text.order,
    header: text.order,
    cell: ({ row }) => (
      <a className="font-semibold underline" href={localePath(locale, `/admin/orders/${row.original.orderId}`)}>
        <bdi>#{row.original.orderId}</bdi>
      </a>
    ),
  },
  {
    id: 'provider',
    label: text.provider,
    header: text.provider,
    cell: ({ row }) => named(text.providers, row.original.provider),
  },
  {
    id: 'reference',
    label: text.reference,
    header: text.reference,
    cell: ({ row }) => <code dir="ltr">{row.original.tranRef}</code>,
  },
  {
    id: 'kind',
    label: text.kind,
    header: text.kind,
    cell: ({ row }) => <strong>{named(text.kinds, row.original.kind)}</strong>,
  },
  {
    id: 'theirs',
    label: text.theirs,
    header: text.theirs,
    cell: ({ row }) => (
      <Side
        amount={row.original.theirAmount}
        status={row.original.theirStatus}
        refunded={row.original.theirRefunded}
        some={row.original.kind === 'refunded_there' && row.original.theirRefunded === null}
        text={text}
        locale={locale}
      />
    ),
  },
  {
    id: 'ours',
    label: text.ours,
    header: text.ours,
    cell: ({ row }) => (
      <Side
        amount={row.original.ourAmount}
        status={row.original.ourStatus}
        refunded={row.original.ourRefunded}
        text={text}
        locale={locale}
      />
    ),
  },
];
