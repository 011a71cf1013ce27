import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { Button } from '#kit/Button.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import PayRefundDialog, { type Paid } from './PayRefundDialog.tsx';
import type { RefundView } from './refund-view.ts';
import { localePath } from '#i18n/routes.ts';

export type { RefundView } from './refund-view.ts';

type Text = Dictionary['adminMoney'];
type Tab = 'owed' | 'paid';

/** /admin/refunds: the owed or paid list, and for finance a Pay button per owed refund (dialog, then a confirmation). */
export default function RefundsDesk({
  locale,
  text,
  rows: initial,
  tab,
  canPay,
}: {
  locale: Locale;
  text: Text;
  rows: RefundView[];
  tab: Tab;
  canPay: boolean;
}) {
  const r = text.refunds;
  const [rows, setRows] = useState(initial);
  const [paying, setPaying] = useState<RefundView | null>(null);
  const { ask, dialog } = useConfirm();
  // What was paid leaves the owed list, or stays with what is still owed.
  const paid = (refund: RefundView, payout: Paid) => {
    setRows((all) =>
      payout.remaining > 0
        ? all.map((x) => (x.id === refund.id ? { ...x, amount: payout.remaining } : x))
        : all.filter((x) => x.id !== refund.id),
    );
    setPaying(null);
  };
  const columns = refundColumns(locale, r, tab, canPay ? setPaying : null);

  return (
    <>
      <DataTable
        caption={tab === 'owed' ? r.owedTab : r.paidTab}
        columns={columns}
        rows={rows}
        rowId={(x) => String(x.id)}
        empty={tab === 'owed' ? r.emptyOwed : r.emptyPaid}
      />
      {paying && (
        <PayRefundDialog
          key={paying.id}
          locale={locale}
          text={text}
          refund={paying}
          ask={ask}
          onPaid={(payout) => paid(paying, payout)}
          onClose={() => setPaying(null)}
        />
      )}
      {dialog}
    </>
  );
}

/** The list's columns: the paid tab adds when, by whom and the provider's reference; the owed tab a Pay button. */
function refundColumns(
  locale: Locale,
  r: Text['refunds'],
  tab: Tab,
  pay: ((refund: RefundView) => void) | null,
): DeskColumn<RefundView>[] {
  const columns: DeskColumn<RefundView>[] = [
    {
      id: 'order',
      label: r.order,
      header: r.order,
      cell: ({ row }) => (
        <a className="font-semibold underline" href={localePath(locale, `/admin/orders/${row.original.orderId}`)}>
          #{row.original.orderId}
        </a>
      ),
    },
    {
      id: 'shopper',
      label: r.shopper,
      header: r.shopper,
      cell: ({ row }) => (
        <span>
          <a className="underline" href={localePath(locale, `/admin/customers/${row.original.shopperId}`)}>
            {row.original.shopperName}
          </a>{' '}
          <bdi dir="ltr" className="text-roast-700">
            {row.original.shopperPhone}
          </bdi>
        </span>
      ),
    },
    {
      id: 'amount',
      label: r.amount,
      header: r.amount,
      cell: ({ row }) => <bdi data-refund-amount>{formatMoney(row.original.amount, locale)}</bdi>,
    },
    {
      id: 'destination',
      label: r.destination,
      header: r.destination,
      cell: ({ row }) => r.destinations[row.original.destination],
    },
    { id: 'reason', label: r.reason, header: r.reason, cell: ({ row }) => row.original.reason },
    { id: 'since', label: r.since, header: r.since, cell: ({ row }) => row.original.since },
  ];
  if (tab === 'paid')
    columns.push(
      { id: 'paidAt', label: r.paidAt, header: r.paidAt, cell: ({ row }) => row.original.paidAt },
      { id: 'paidBy', label: r.paidBy, header: r.paidBy, cell: ({ row }) => <span dir="ltr">{row.original.paidBy}</span> },
      {
        id: 'ref',
        label: r.providerRef,
        header: r.providerRef,
        cell: ({ row }) => <code dir="ltr">{row.original.providerRef}</code>,
      },
    );
  if (tab === 'owed' && pay)
    columns.push({
      id: 'actions',
      label: r.actions,
      header: r.actions,
      cell: ({ row }) =>
        row.original.status === 'paying' ? (
          <span className="text-roast-700">{r.beingPaid}</span>
        ) : (
          <Button size="sm" onClick={() => pay(row.original)} data-pay-refund={row.original.id}>
            {r.pay}
          </Button>
        ),
    });
  return columns;
}
