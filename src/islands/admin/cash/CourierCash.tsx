import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { formatDateTime, formatList, formatMoney, formatNumber, formatOrderId } from '../../../i18n/format.ts';
import { interpolate, plural } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { localePath } from '../../../i18n/routes.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { CourierCashView, Remittance, UnremittedOrder } from '../../../lib/admin/cash-views.ts';
import { fromPounds } from '../../../lib/money.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { emptyState, formStateOf, typedValues, type FormState } from '../../kit/form-state.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { Input } from '../../kit/Field.tsx';
import { useConfirm } from '../../kit/Dialog.tsx';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';

type Text = Dictionary['adminCash'];

/** Pounds as typed on any keyboard: Arabic-Indic digits and separators read as 0-9 and ".", thousands separators dropped. */
function typedAmount(text: string): number {
  const latin = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/[\s,\u066C]/g, '');
  return fromPounds(latin);
}

/**
 * /admin/couriers/[id]: what a courier owes and carries, the delivered orders whose cash is still to remit (finance
 * ticks the ones the cash handed in covers, sees the running total, types the amount counted and records the
 * remittance), and the courier's past remittances. The server refuses an amount that is not the orders' total.
 */
export default function CourierCash({
  locale,
  text,
  initial,
  initialRemittances,
  canRemit,
}: {
  locale: Locale;
  text: Text;
  initial: CourierCashView;
  initialRemittances: Remittance[];
  canRemit: boolean;
}) {
  const [view, setView] = useState(initial);
  const [remittances, setRemittances] = useState(initialRemittances);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const { ask, dialog } = useConfirm();
  const k = text.cash;
  const c = text.couriers;
  const money = (piastres: number) => formatMoney(piastres, locale);
  const courierId = view.courier.id;

  const chosen = view.orders.filter((o) => selection[String(o.id)]);
  const chosenTotal = chosen.reduce((sum, o) => sum + o.amount, 0);
  const chosenText = chosen.length
    ? interpolate(plural(k.selected, chosen.length, locale), { total: money(chosenTotal) })
    : k.noneSelected;

  const reload = async () => {
    const [cash, history] = await Promise.all([
      adminCall<CourierCashView>(locale, `/couriers/${courierId}/cash`),
      adminCall<Remittance[]>(locale, `/remittances?courier=${courierId}`),
    ]);
    if (cash.ok) setView(cash.body.data);
    if (history.ok) setRemittances(history.body.data);
    setSelection({});
  };

  const [state, setState] = useState<FormState>(emptyState);
  const [busy, setBusy] = useState(false);
  // A submit handler, not a form action: the confirmation dialog must render while we wait for the answer, and state
  // set inside a pending action would only show once the action ended.
  const record = async (form: HTMLFormElement) => {
    const values = typedValues(new FormData(form));
    const amount = typedAmount(values['amount'] ?? '');
    if (Number.isNaN(amount)) return setState({ errors: { amount: [k.badAmount] }, values });
    const ids = chosen.map((o) => o.id);
    const orders = formatList(
      ids.map((id) => formatOrderId(id)),
      locale,
    );
    const yes = await ask({
      title: interpolate(k.confirmTitle, { amount: money(amount) }),
      text: interpolate(k.confirmText, { orders }),
      confirm: k.record,
      keep: k.keep,
    });
    if (!yes) return;
    setBusy(true);
    const res = await adminCall<Remittance>(locale, '/remittances', {
      method: 'POST',
      body: { courier_id: courierId, order_ids: ids, amount, ...(values['note'] ? { note: values['note'] } : {}) },
    });
    setBusy(false);
    if (!res.ok) return setState(formStateOf(res, values));
    showToast(k.recorded, 'success');
    form.reset();
    setState(emptyState);
    await reload();
  };

  const orderLink = (id: number) => (
    <a href={localePath(locale, `/admin/orders/${id}`)} className="font-semibold underline underline-offset-2">
      {formatOrderId(id)}
    </a>
  );
  const orderColumns: DeskColumn<UnremittedOrder>[] = [
    { id: 'order', label: k.order, header: k.order, cell: ({ row }) => orderLink(row.original.id) },
    {
      id: 'deliveredAt',
      label: k.deliveredAt,
      header: k.deliveredAt,
      cell: ({ row }) => formatDateTime(row.original.deliveredAt, locale),
    },
    { id: 'amount', label: k.amount, header: k.amount, cell: ({ row }) => <bdi>{money(row.original.amount)}</bdi> },
    {
      id: 'state',
      label: k.state,
      header: k.state,
      cell: ({ row }) =>
        row.original.overdue ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">{k.overdue}</span>
        ) : (
          k.onTime
        ),
    },
  ];
  const historyColumns: DeskColumn<Remittance>[] = [
    { id: 'id', label: k.remittance, header: k.remittance, cell: ({ row }) => formatOrderId(row.original.id) },
    { id: 'at', label: k.at, header: k.at, cell: ({ row }) => formatDateTime(row.original.createdAt, locale) },
    { id: 'amount', label: k.amount, header: k.amount, cell: ({ row }) => <bdi>{money(row.original.amount)}</bdi> },
    {
      id: 'orders',
      label: k.orders,
      header: k.orders,
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-x-2">
          {row.original.orders.map((o) => (
            <span key={o.id}>{orderLink(o.id)}</span>
          ))}
        </span>
      ),
    },
    { id: 'by', label: k.by, header: k.by, cell: ({ row }) => row.original.staff.name },
  ];

  const figures: [string, string, string][] = [
    ['owed', c.owed, money(view.cash.owed)],
    ['carrying', c.carrying, money(view.cash.carrying)],
    ['overdue', c.overdue, formatNumber(view.cash.overdueOrders, locale)],
  ];

  return (
    <div className="space-y-8">
      {!view.courier.active && <p className="rounded-md bg-roast-50 px-3 py-2 text-sm">{k.inactiveCourier}</p>}
      <dl className="grid gap-3 sm:grid-cols-3" aria-live="polite">
        {figures.map(([key, label, value]) => (
          <div key={key} className="rounded-xl bg-white p-4 shadow-sm" data-testid={`cash-${key}`}>
            <dt className="text-sm text-roast-700">{label}</dt>
            <dd className="text-2xl font-bold">
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="unremitted-title" className="space-y-4">
        <h2 id="unremitted-title" className="text-lg font-bold">
          {k.unremitted}
        </h2>
        <DataTable
          caption={k.unremitted}
          columns={orderColumns}
          rows={view.orders}
          rowId={(o) => String(o.id)}
          empty={k.nothing}
          {...(canRemit
            ? {
                selection,
                onSelectionChange: setSelection,
                selectLabel: (o: UnremittedOrder) => interpolate(k.select, { order: formatOrderId(o.id) }),
                selectAllLabel: k.selectAll,
              }
            : {})}
        />
        {canRemit ? (
          view.orders.length > 0 && (
            <form
              noValidate
              className="max-w-xl space-y-3 rounded-xl bg-white p-4 shadow-sm"
              onSubmit={(e) => {
                e.preventDefault();
                void record(e.currentTarget);
              }}
            >
              <p className="font-semibold" aria-live="polite" data-testid="selected-total">
                {chosenText}
              </p>
              <FormMessage state={state} />
              <Input
                name="amount"
                label={k.counted}
                hint={k.countedHint}
                inputMode="text"
                dir="ltr"
                autoComplete="off"
                errors={state.errors}
                idPrefix="remit"
                defaultValue={state.values?.['amount']}
              />
              <Input
                name="note"
                label={k.note}
                required={false}
                autoComplete="off"
                errors={state.errors}
                idPrefix="remit"
                defaultValue={state.values?.['note']}
              />
              <button
                type="submit"
                disabled={busy}
                className="rounded-full bg-crema px-6 py-2 font-semibold text-white hover:bg-roast-500 disabled:opacity-60"
              >
                {k.record}
              </button>
            </form>
          )
        ) : (
          <p className="text-sm text-roast-700">{k.readOnly}</p>
        )}
      </section>

      <section aria-labelledby="history-title" className="space-y-4">
        <h2 id="history-title" className="text-lg font-bold">
          {k.history}
        </h2>
        <DataTable
          caption={k.history}
          columns={historyColumns}
          rows={remittances}
          rowId={(r) => String(r.id)}
          empty={k.noHistory}
        />
      </section>
      {dialog}
    </div>
  );
}
