import { useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { formStateOf } from '../../kit/form-state.ts';
import { useConfirm } from '../../kit/Dialog.tsx';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';
import PayRefundDialog, { type Payout } from './PayRefundDialog.tsx';

/** One refund as the desk shows it (the page formats dates and labels). */
export interface RefundView {
  id: number;
  orderId: number;
  shopperId: number;
  shopperName: string;
  shopperPhone: string;
  amount: number;
  destination: 'card' | 'wallet';
  reason: string;
  status: 'owed' | 'paying' | 'paid';
  since: string;
  paidAt: string;
  paidBy: string;
  providerRef: string;
  hasPayment: boolean;
}

type Text = Dictionary['adminMoney'];

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
  tab: 'owed' | 'paid';
  canPay: boolean;
}) {
  const r = text.refunds;
  const [rows, setRows] = useState(initial);
  const [paying, setPaying] = useState<RefundView | null>(null);
  const { ask, dialog } = useConfirm();
  const money = (amount: number) => formatMoney(amount, locale);

  /** Confirms, then pays; the dialog shows the server's refusal (field errors, provider refusal) in place. */
  const pay = async (refund: RefundView, payout: Payout) => {
    const amount = payout.amount ?? refund.amount;
    const yes = await ask({
      title: interpolate(r.payTitle, { order: `#${refund.orderId}` }),
      text: interpolate(r.confirm, {
        amount: money(amount),
        destination: r.destinationsInText[payout.destination],
        name: refund.shopperName,
      }),
      confirm: r.submit,
      keep: r.cancel,
    });
    if (!yes) return null;
    const res = await adminCall<{ amount: number; destination: 'card' | 'wallet'; remaining: number }>(
      locale,
      `/refunds/${refund.id}/pay`,
      {
        method: 'POST',
        body: {
          destination: payout.destination,
          ...(payout.amountText ? { amount: payout.amountText } : {}),
          ...(payout.note ? { reason: payout.note } : {}),
        },
      },
    );
    if (!res.ok) return formStateOf(res);
    const paid = res.body.data;
    showToast(
      interpolate(r.paid, { amount: money(paid.amount), destination: r.destinationsInText[paid.destination] }),
      'success',
    );
    setRows((all) =>
      paid.remaining > 0
        ? all.map((x) => (x.id === refund.id ? { ...x, amount: paid.remaining } : x))
        : all.filter((x) => x.id !== refund.id),
    );
    setPaying(null);
    return null;
  };

  const columns: DeskColumn<RefundView>[] = [
    {
      id: 'order',
      label: r.order,
      header: r.order,
      cell: ({ row }) => (
        <a className="font-semibold underline" href={`/${locale}/admin/orders/${row.original.orderId}`}>
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
          <a className="underline" href={`/${locale}/admin/customers/${row.original.shopperId}`}>
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
      cell: ({ row }) => <bdi data-refund-amount>{money(row.original.amount)}</bdi>,
    },
    {
      id: 'destination',
      label: r.destination,
      header: r.destination,
      cell: ({ row }) => r.destinations[row.original.destination],
    },
    { id: 'reason', label: r.reason, header: r.reason, cell: ({ row }) => row.original.reason },
    { id: 'since', label: r.since, header: r.since, cell: ({ row }) => row.original.since },
    ...(tab === 'paid'
      ? ([
          { id: 'paidAt', label: r.paidAt, header: r.paidAt, cell: ({ row }) => row.original.paidAt },
          { id: 'paidBy', label: r.paidBy, header: r.paidBy, cell: ({ row }) => <span dir="ltr">{row.original.paidBy}</span> },
          {
            id: 'ref',
            label: r.providerRef,
            header: r.providerRef,
            cell: ({ row }) => <code dir="ltr">{row.original.providerRef}</code>,
          },
        ] satisfies DeskColumn<RefundView>[])
      : []),
    ...(tab === 'owed' && canPay
      ? ([
          {
            id: 'actions',
            label: r.actions,
            header: r.actions,
            cell: ({ row }) =>
              row.original.status === 'paying' ? (
                <span className="text-roast-700">{r.beingPaid}</span>
              ) : (
                <button
                  type="button"
                  className="rounded-full bg-crema px-4 py-1 font-semibold text-white hover:bg-roast-500"
                  onClick={() => setPaying(row.original)}
                  data-pay-refund={row.original.id}
                >
                  {r.pay}
                </button>
              ),
          },
        ] satisfies DeskColumn<RefundView>[])
      : []),
  ];

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
          text={r}
          owed={money(paying.amount)}
          order={`#${paying.orderId}`}
          cardPossible={paying.hasPayment}
          onPay={(payout) => pay(paying, payout)}
          onClose={() => setPaying(null)}
        />
      )}
      {dialog}
    </>
  );
}
