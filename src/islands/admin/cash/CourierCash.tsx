import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { formatDateTime, formatList, formatMoney, formatNumber, formatOrderId } from '../../../i18n/format.ts';
import { interpolate, plural } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { localePath } from '../../../i18n/routes.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { CourierCashView, Remittance, UnremittedOrder } from '../../../lib/admin/cash-views.ts';
import { parseMoneyInput } from '../../../lib/money.ts';
import { SubmitButton } from '../../kit/Button.tsx';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';
import { useConfirm } from '../../kit/Dialog.tsx';
import { Input, MoneyInput } from '../../kit/Field.tsx';
import { typedValues } from '../../kit/form-state.ts';
import { FormMessage, Notice } from '../../kit/Notice.tsx';
import { useDeskAction } from '../../kit/use-desk-action.ts';

type Text = Dictionary['adminCash'];
interface Props {
  locale: Locale;
  text: Text;
  initial: CourierCashView;
  initialRemittances: Remittance[];
  canRemit: boolean;
}

/**
 * /admin/couriers/[id]: what a courier owes and carries, the delivered orders whose cash is still to remit (finance
 * ticks the ones the cash handed in covers, sees the running total, types the amount counted and records the
 * remittance), and the courier's past remittances. The server refuses an amount that is not the orders' total.
 */
export default function CourierCash(props: Props) {
  const { locale, text, canRemit } = props;
  const cash = useCourierCash(props);
  const k = text.cash;
  return (
    <div className="space-y-8">
      {!cash.view.courier.active && <Notice tone="info">{k.inactiveCourier}</Notice>}
      <CashFigures locale={locale} text={text} view={cash.view} />
      <section aria-labelledby="unremitted-title" className="space-y-4">
        <h2 id="unremitted-title" className="text-lg font-bold">
          {k.unremitted}
        </h2>
        <UnremittedTable {...props} cash={cash} />
        {canRemit ? (
          cash.view.orders.length > 0 && <RemittanceForm {...props} cash={cash} />
        ) : (
          <p className="text-sm text-roast-700">{k.readOnly}</p>
        )}
      </section>
      <section aria-labelledby="history-title" className="space-y-4">
        <h2 id="history-title" className="text-lg font-bold">
          {k.history}
        </h2>
        <HistoryTable locale={locale} text={text} remittances={cash.remittances} />
      </section>
    </div>
  );
}

/** The courier's cash, the remittances and the orders ticked, read again from the API after a remittance. */
function useCourierCash({ locale, initial, initialRemittances }: Props) {
  const [view, setView] = useState(initial);
  const [remittances, setRemittances] = useState(initialRemittances);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const courierId = view.courier.id;
  const chosen = view.orders.filter((o) => selection[String(o.id)]);
  const reload = async () => {
    const [cash, history] = await Promise.all([
      adminCall<CourierCashView>(locale, `/couriers/${courierId}/cash`),
      adminCall<Remittance[]>(locale, `/remittances?courier=${courierId}`),
    ]);
    if (cash.ok) setView(cash.body.data);
    if (history.ok) setRemittances(history.body.data);
    setSelection({});
  };
  return { view, remittances, selection, setSelection, chosen, courierId, reload };
}
type CourierCashState = ReturnType<typeof useCourierCash>;

function CashFigures({ locale, text, view }: { locale: Locale; text: Text; view: CourierCashView }) {
  const c = text.couriers;
  const figures: [string, string, string][] = [
    ['owed', c.owed, formatMoney(view.cash.owed, locale)],
    ['carrying', c.carrying, formatMoney(view.cash.carrying, locale)],
    ['overdue', c.overdue, formatNumber(view.cash.overdueOrders, locale)],
  ];
  return (
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
  );
}

const orderLink = (locale: Locale, id: number) => (
  <a href={localePath(locale, `/admin/orders/${id}`)} className="font-semibold underline underline-offset-2">
    {formatOrderId(id)}
  </a>
);

/** The delivered orders whose cash is still out; finance ticks the ones a remittance covers. */
function UnremittedTable({ locale, text, canRemit, cash }: Props & { cash: CourierCashState }) {
  const k = text.cash;
  const columns: DeskColumn<UnremittedOrder>[] = [
    { id: 'order', label: k.order, header: k.order, cell: ({ row }) => orderLink(locale, row.original.id) },
    {
      id: 'deliveredAt',
      label: k.deliveredAt,
      header: k.deliveredAt,
      cell: ({ row }) => formatDateTime(row.original.deliveredAt, locale),
    },
    {
      id: 'amount',
      label: k.amount,
      header: k.amount,
      cell: ({ row }) => <bdi>{formatMoney(row.original.amount, locale)}</bdi>,
    },
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
  return (
    <DataTable
      caption={k.unremitted}
      columns={columns}
      rows={cash.view.orders}
      rowId={(o) => String(o.id)}
      empty={k.nothing}
      {...(canRemit
        ? {
            selection: cash.selection,
            onSelectionChange: cash.setSelection,
            selectLabel: (o: UnremittedOrder) => interpolate(k.select, { order: formatOrderId(o.id) }),
            selectAllLabel: k.selectAll,
          }
        : {})}
    />
  );
}

/**
 * The remittance: the amount counted (pounds on any keyboard, read by parseMoneyInput) and a note, confirmed in a
 * dialog that names the orders. A submit handler, so the dialog renders while it waits for the answer.
 */
function RemittanceForm({ locale, text, cash }: Props & { cash: CourierCashState }) {
  const k = text.cash;
  const { ask, dialog } = useConfirm();
  const action = useDeskAction<Remittance>({ locale, done: k.recorded, refresh: cash.reload });
  const money = (piastres: number) => formatMoney(piastres, locale);
  const chosenTotal = cash.chosen.reduce((sum, o) => sum + o.amount, 0);
  const chosenText = cash.chosen.length
    ? interpolate(plural(k.selected, cash.chosen.length, locale), { total: money(chosenTotal) })
    : k.noneSelected;

  const record = async (form: FormData, element: HTMLFormElement) => {
    const values = typedValues(form);
    const amount = parseMoneyInput(values['amount'] ?? '');
    if (!amount.ok) return action.refuse({ amount: [k.badAmount] }, values);
    const ids = cash.chosen.map((o) => o.id);
    const orders = formatList(
      ids.map((id) => formatOrderId(id)),
      locale,
    );
    const yes = await ask({
      title: interpolate(k.confirmTitle, { amount: money(amount.piastres) }),
      text: interpolate(k.confirmText, { orders }),
      confirm: k.record,
      keep: k.keep,
    });
    if (!yes) return;
    const body = {
      courier_id: cash.courierId,
      order_ids: ids,
      amount: amount.piastres,
      ...(values['note'] ? { note: values['note'] } : {}),
    };
    if (await action.run({ path: '/remittances', body }, values)) element.reset();
  };

  const { state } = action;
  return (
    <form noValidate className="max-w-xl space-y-3 rounded-xl bg-white p-4 shadow-sm" onSubmit={action.onSubmit(record)}>
      <p className="font-semibold" aria-live="polite" data-testid="selected-total">
        {chosenText}
      </p>
      <FormMessage state={state} />
      <MoneyInput
        name="amount"
        label={k.counted}
        hint={k.countedHint}
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
      <SubmitButton busy={action.busy}>{k.record}</SubmitButton>
      {dialog}
    </form>
  );
}

function HistoryTable({ locale, text, remittances }: { locale: Locale; text: Text; remittances: Remittance[] }) {
  const k = text.cash;
  const columns: DeskColumn<Remittance>[] = [
    { id: 'id', label: k.remittance, header: k.remittance, cell: ({ row }) => formatOrderId(row.original.id) },
    { id: 'at', label: k.at, header: k.at, cell: ({ row }) => formatDateTime(row.original.createdAt, locale) },
    {
      id: 'amount',
      label: k.amount,
      header: k.amount,
      cell: ({ row }) => <bdi>{formatMoney(row.original.amount, locale)}</bdi>,
    },
    {
      id: 'orders',
      label: k.orders,
      header: k.orders,
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-x-2">
          {row.original.orders.map((o) => (
            <span key={o.id}>{orderLink(locale, o.id)}</span>
          ))}
        </span>
      ),
    },
    { id: 'by', label: k.by, header: k.by, cell: ({ row }) => row.original.staff.name },
  ];
  return <DataTable caption={k.history} columns={columns} rows={remittances} rowId={(r) => String(r.id)} empty={k.noHistory} />;
}
