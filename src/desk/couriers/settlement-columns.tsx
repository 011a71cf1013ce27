import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { DeskColumn } from '#kit/DataTable.tsx';
import type { ReconciledOrder, SettlementLine } from './courier-delivery-views.ts';
import { orderColumn } from './order-column.tsx';

export type SettlementText = Dictionary['couriers']['settlements'];
/** An amount in piastres as the settlement desk shows it ('—' when the courier reported none). */
type Money = (piastres: number | null) => string;

/** The columns of a checked settlement file's lines (SettlementDesk): each line's tracking number and result. */
export const settlementLineColumns = (text: SettlementText, money: Money): DeskColumn<SettlementLine>[] => [
  { id: 'line', label: text.line, header: text.line, cell: ({ row }) => row.original.line },
  {
    id: 'tracking',
    label: text.tracking,
    header: text.tracking,
    cell: ({ row }) => <span dir="ltr">{row.original.trackingNumber}</span>,
  },
  {
    id: 'result',
    label: text.result,
    header: text.result,
    cell: ({ row }) => {
      const line = row.original;
      const ok = line.result === 'matches';
      return (
        <span className={ok ? 'text-green-900' : 'font-semibold text-red-800'} data-line-result={line.result}>
          {text.results[line.result]}
          {'orderId' in line && line.result !== 'matches' && (
            <>
              {' '}
              <bdi>
                ({money(line.collected)} / {money(line.expected)})
              </bdi>
            </>
          )}
        </span>
      );
    },
  },
];

/** The columns of a company's delivered orders reconciled against its settlements (SettlementDesk). */
export const reconciledColumns = (locale: Locale, text: SettlementText, money: Money): DeskColumn<ReconciledOrder>[] => [
  orderColumn(locale, text.order),
  {
    id: 'tracking',
    label: text.tracking,
    header: text.tracking,
    cell: ({ row }) => <span dir="ltr">{row.original.trackingNumber}</span>,
  },
  {
    id: 'expected',
    label: text.expected,
    header: text.expected,
    align: 'end',
    cell: ({ row }) => <bdi>{money(row.original.expected)}</bdi>,
  },
  {
    id: 'collected',
    label: text.collected,
    header: text.collected,
    align: 'end',
    cell: ({ row }) => <bdi>{money(row.original.collected)}</bdi>,
  },
  { id: 'fee', label: text.fee, header: text.fee, align: 'end', cell: ({ row }) => <bdi>{money(row.original.fee)}</bdi> },
  { id: 'net', label: text.net, header: text.net, align: 'end', cell: ({ row }) => <bdi>{money(row.original.net)}</bdi> },
  {
    id: 'remitted',
    label: text.remitted,
    header: text.remitted,
    cell: ({ row }) => (row.original.remitted ? text.yes : text.no),
  },
  {
    id: 'flag',
    label: text.flag,
    header: text.flag,
    cell: ({ row }) => {
      const flag = row.original.flag;
      return (
        <span className={flag === 'short' || flag === 'over' ? 'font-semibold text-red-800' : ''} data-flag={flag}>
          {text.flags[flag]}
        </span>
      );
    },
  },
];
