import type { RowSelectionState } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatDateTime, formatList, formatMoney, formatNumber, formatOrderId } from '#i18n/format.ts';
import { interpolate, interpolateIsolated, isolate, plural } from '#i18n/interpolate.ts';
import { Filled } from '#islands/shared/Filled.tsx';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { adminCall } from '#kit/admin-client.ts';
import type { CourierCashView, Remittance, UnremittedOrder } from './cash-views.ts';
import { parseMoneyInput } from '#lib/money.ts';
import { SubmitButton } from '#kit/Button.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { useConfirm } from '#kit/Dialog.tsx';
import { Input, MoneyInput } from '#kit/Field.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage, Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { useMounted } from '#islands/shared/use-mounted.ts';

type Text = Dictionary['adminCash'];
interface Props {
  locale: Locale;
  text: Text;
  initial: CourierCashView;
  initialRemittances: Remittance[];
  /** cash.remit: records remittances; cash.write_off: may write a short count's difference off. */
  can: { remit: boolean; writeOff: boolean };
}

/**
 * /admin/couriers/[id]: what a courier owes and carries, the delivered orders whose cash is still to remit (finance
 * ticks the ones the cash handed in covers, sees the running total, types the amount counted and records the
 * remittance), and the courier's past remittances. A count that differs from the orders' total is settled as finance
 * chooses (issue 33): kept as owed by the courier (an over-count pays back earlier shortfalls) or written off with a
 * reason (cash.write_off).
 */
export default function CourierCash(props: Props) {
  const { locale, text, can } = props;
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
        {can.remit ? (
          (cash.view.orders.length > 0 || cash.view.cash.shortfall > 0) && <RemittanceForm {...props} cash={cash} />
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
    ...(view.cash.shortfall > 0
      ? [['shortfall', text.cash.shortfall, formatMoney(view.cash.shortfall, locale)] as [string, string, string]]
      : []),
    ['carrying', c.carrying, formatMoney(view.cash.carrying, locale)],
    ['overdue', c.overdue, formatNumber(view.cash.overdueOrders, locale)],
  ];
  return (
    <dl className={`grid gap-3 ${figures.length > 3 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3'}`} aria-live="polite">
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
function UnremittedTable({ locale, text, can, cash }: Props & { cash: CourierCashState }) {
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
      {...(can.remit
        ? {
            selection: cash.selection,
            onSelectionChange: cash.setSelection,
            selectLabel: (o: UnremittedOrder) => interpolateIsolated(k.select, { order: formatOrderId(o.id) }),
            selectAllLabel: k.selectAll,
          }
        : {})}
    />
  );
}

/**
 * The remittance's state: the amount counted (pounds on any keyboard, read by parseMoneyInput), how a difference is
 * settled, and the submit handler that confirms in a dialog naming the orders before it records.
 */
function useRemittance({ locale, text, can, cash }: Props & { cash: CourierCashState }) {
  const k = text.cash;
  const { ask, dialog } = useConfirm();
  const [typed, setTyped] = useState('');
  const [settle, setSettle] = useState<'balance' | 'write_off'>('balance');
  const action = useDeskAction<Remittance>({ locale, done: k.recorded, refresh: cash.reload });
  const money = (piastres: number) => formatMoney(piastres, locale);
  const chosenTotal = cash.chosen.reduce((sum, o) => sum + o.amount, 0);
  const counted = parseMoneyInput(typed);
  const difference = counted.ok ? counted.piastres - chosenTotal : 0;
  const writingOff = difference < 0 && can.writeOff && settle === 'write_off';

  const record = async (form: FormData, element: HTMLFormElement) => {
    const values = typedValues(form);
    const amount = parseMoneyInput(values['amount'] ?? '');
    if (!amount.ok) return action.refuse({ amount: [k.badAmount] }, values);
    const ids = cash.chosen.map((o) => o.id);
    const diff = amount.piastres - chosenTotal;
    const writeOff = diff < 0 && can.writeOff && values['settle_difference'] === 'write_off';
    const reason = values['write_off_reason']?.trim() ?? '';
    if (writeOff && !reason) return action.refuse({ write_off_reason: [text.errors.writeOffReasonRequired] }, values);
    const orders = formatList(
      // Each id isolated, the list not: its Arabic comma and order follow the sentence's direction.
      ids.map((id) => isolate(formatOrderId(id))),
      locale,
    );
    const settled =
      diff >= 0
        ? ''
        : writeOff
          ? interpolateIsolated(k.confirmWriteOff, { amount: money(-diff), reason })
          : interpolateIsolated(k.confirmOwed, { amount: money(-diff) });
    const yes = await ask({
      title: interpolateIsolated(k.confirmTitle, { amount: money(amount.piastres) }),
      text: [ids.length ? interpolate(k.confirmText, { orders }) : k.confirmRepay, settled].filter(Boolean).join(' '),
      confirm: k.record,
      keep: k.keep,
    });
    if (!yes) return;
    const body = {
      courier_id: cash.courierId,
      order_ids: ids,
      amount: amount.piastres,
      ...(values['note'] ? { note: values['note'] } : {}),
      ...(diff === 0 ? {} : { settle_difference: writeOff ? 'write_off' : 'balance' }),
      ...(writeOff ? { write_off_reason: reason } : {}),
    };
    if (await action.run({ path: '/remittances', body }, values)) {
      element.reset();
      setTyped('');
      setSettle('balance');
    }
  };

  return { dialog, setTyped, setSettle, action, money, chosenTotal, difference, writingOff, record };
}

/**
 * The remittance: the amount counted and a note, confirmed in a dialog that names the orders (useRemittance). When the
 * count differs from the selected orders, the form shows the difference and how it is settled: a shortfall kept as owed
 * by the courier (the default) or written off with a reason (cash.write_off); an over-count pays back what earlier short
 * remittances left owed (the server refuses more). A submit handler, so the dialog renders while it waits for the
 * answer.
 */
function RemittanceForm(props: Props & { cash: CourierCashState }) {
  const { locale, text, can, cash } = props;
  const k = text.cash;
  const { dialog, setTyped, setSettle, action, money, chosenTotal, difference, writingOff, record } = useRemittance(props);
  const chosenText = cash.chosen.length
    ? interpolateIsolated(plural(k.selected, cash.chosen.length, locale), { total: money(chosenTotal) })
    : k.noneSelected;
  const shortfall = cash.view.cash.shortfall;
  const { state } = action;
  // An amount typed before the island runs would never reach the difference shown: the form waits for it.
  const mounted = useMounted();
  return (
    <form
      noValidate
      className="max-w-xl rounded-xl bg-white p-4 shadow-sm"
      onSubmit={action.onSubmit(record)}
      onChange={(event) => {
        const target = event.target;
        if (target instanceof HTMLInputElement && target.name === 'amount') setTyped(target.value);
      }}
    >
      <fieldset disabled={!mounted} className="min-w-0 space-y-3">
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
        <p aria-live="polite" data-testid="remit-difference" className={difference ? 'font-semibold' : 'sr-only'}>
          {difference < 0 && <Filled template={k.short} values={{ amount: money(-difference) }} />}
          {difference > 0 && (
            <Filled
              template={cash.chosen.length ? k.over : k.repay}
              values={{ amount: money(difference), shortfall: money(shortfall) }}
            />
          )}
        </p>
        {difference < 0 && (
          <SettleChoice
            text={text}
            canWriteOff={can.writeOff}
            writingOff={writingOff}
            error={state.errors['settle_difference']}
            onSettle={setSettle}
          />
        )}
        {writingOff && (
          <Input
            name="write_off_reason"
            label={k.writeOffReason}
            autoComplete="off"
            errors={state.errors}
            idPrefix="remit"
            defaultValue={state.values?.['write_off_reason']}
          />
        )}
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
      </fieldset>
      {dialog}
    </form>
  );
}

/** A short count: kept as owed by the courier, or (cash.write_off) written off. */
function SettleChoice({
  text,
  canWriteOff,
  writingOff,
  error: settleError,
  onSettle,
}: {
  text: Text;
  canWriteOff: boolean;
  writingOff: boolean;
  error: string[] | undefined;
  onSettle: (settle: 'balance' | 'write_off') => void;
}) {
  const k = text.cash;
  return (
    <fieldset className="space-y-2" aria-describedby={settleError ? 'remit-settle-error' : undefined}>
      <legend className="text-sm font-semibold">{k.settle}</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name="settle_difference" value="balance" checked={!writingOff} onChange={() => onSettle('balance')} />
        {k.settleBalance}
      </label>
      {canWriteOff && (
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="settle_difference"
            value="write_off"
            checked={writingOff}
            onChange={() => onSettle('write_off')}
          />
          {k.settleWriteOff}
        </label>
      )}
      {settleError?.length ? (
        <p id="remit-settle-error" className="text-sm text-red-800" data-field-error>
          {settleError.join(' ')}
        </p>
      ) : null}
    </fieldset>
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
    {
      id: 'difference',
      label: k.difference,
      header: k.difference,
      cell: ({ row }) => <DifferenceCell locale={locale} text={text} remittance={row.original} />,
    },
    { id: 'by', label: k.by, header: k.by, cell: ({ row }) => row.original.staff.name },
  ];
  return <DataTable caption={k.history} columns={columns} rows={remittances} rowId={(r) => String(r.id)} empty={k.noHistory} />;
}

/** How a remittance settled against its orders: left owed, paid back, written off (with the reason), or even. */
function DifferenceCell({ locale, text, remittance: r }: { locale: Locale; text: Text; remittance: Remittance }) {
  const k = text.cash;
  const money = (piastres: number) => formatMoney(piastres, locale);
  const lines: ReactNode[] = [];
  if (r.shortfall > 0) lines.push(<Filled template={k.owedAfter} values={{ amount: money(r.shortfall) }} />);
  if (r.shortfall < 0) lines.push(<Filled template={k.paidBack} values={{ amount: money(-r.shortfall) }} />);
  if (r.writtenOff > 0)
    lines.push(<Filled template={k.writtenOff} values={{ amount: money(r.writtenOff), reason: r.writeOffReason ?? '' }} />);
  if (!lines.length) return <span className="text-roast-700">{k.even}</span>;
  return (
    <span className="flex flex-col">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </span>
  );
}
