import { useId } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatDateTime, formatMoney, formatOrderId, formatSignedMoney } from '#i18n/format.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import type { CustomerProfile } from './customer-view.ts';
import { parseMoneyInput } from '#lib/money.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { ChoiceGroup } from '#kit/ChoiceGroup.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import type { Question } from '#kit/Dialog.tsx';
import { Input, MoneyInput } from '#kit/Field.tsx';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Entry = CustomerProfile['wallet']['entries'][number];

/** The wallet: balance, movements, and the credit/debit form (reason required) for the roles allowed. */
export default function CustomerWallet({
  locale,
  text,
  profile,
  can,
  ask,
  onChanged,
}: {
  locale: Locale;
  text: Dictionary['adminMoney'];
  profile: CustomerProfile;
  can: { credit: boolean; debit: boolean };
  ask: (q: Question) => Promise<boolean>;
  onChanged: () => Promise<void>;
}) {
  const c = text.customer;
  const id = useId();
  const action = useDeskAction<{ balance: number }>({
    locale,
    done: (data) => interpolateIsolated(c.adjusted, { balance: formatMoney(data.balance, locale) }),
    refresh: onChanged,
  });
  const { state } = action;
  const movement = (e: Entry) => {
    const key = e.reason === 'credit' && e.amount < 0 ? 'debit' : e.reason;
    const template = (c.ledgerReasons as Record<string, string>)[key] ?? e.reason;
    return interpolateIsolated(template, { id: e.orderId === null ? '' : formatOrderId(e.orderId) });
  };
  const columns: DeskColumn<Entry>[] = [
    { id: 'date', label: c.date, header: c.date, cell: ({ row }) => formatDateTime(row.original.createdAt, locale) },
    { id: 'movement', label: c.movement, header: c.movement, cell: ({ row }) => movement(row.original) },
    {
      id: 'amount',
      label: c.total,
      header: c.total,
      cell: ({ row }) => <bdi>{formatSignedMoney(row.original.amount, locale)}</bdi>,
    },
    { id: 'note', label: c.ledgerNote, header: c.ledgerNote, cell: ({ row }) => row.original.note ?? '' },
  ];

  const submit = async (form: FormData, formElement: HTMLFormElement) => {
    const values = typedValues(form);
    const direction = values['direction'] === 'debit' ? 'debit' : 'credit';
    const amount = parseMoneyInput(values['amount'] ?? '');
    if (!amount.ok) return action.refuse({ amount: [text.badAmount] }, values);
    const yes = await ask({
      title: c.adjust,
      text: interpolateIsolated(c.confirmAdjust, {
        direction: direction === 'debit' ? c.debit : c.credit,
        amount: formatMoney(amount.piastres, locale),
        name: profile.name,
      }),
      confirm: c.submitAdjust,
      keep: text.refunds.cancel,
    });
    if (!yes) return;
    const body = { direction, amount: amount.piastres, reason: values['reason'] ?? '' };
    if (await action.run({ path: `/customers/${profile.id}/wallet`, body }, values)) formElement.reset();
  };

  return (
    <section aria-labelledby="customer-wallet" className="space-y-3">
      <h2 id="customer-wallet" className="text-lg font-bold">
        {c.wallet}
      </h2>
      <p>
        {c.balance}:{' '}
        <strong data-admin-wallet-balance>
          <bdi>{formatMoney(profile.wallet.balance, locale)}</bdi>
        </strong>
      </p>
      <DataTable
        caption={c.ledger}
        columns={columns}
        rows={profile.wallet.entries}
        rowId={(e) => String(e.id)}
        empty={c.noLedger}
      />
      {can.credit && (
        <form
          onSubmit={action.onSubmit(submit)}
          noValidate
          className="max-w-xl space-y-3 rounded-xl bg-white p-4 shadow-sm"
          data-wallet-form
        >
          <h3 className="font-bold">{c.adjust}</h3>
          <FormMessage state={state} />
          <ChoiceGroup
            legend={c.direction}
            name="direction"
            options={[{ value: 'credit', label: c.credit }, ...(can.debit ? [{ value: 'debit', label: c.debit }] : [])]}
            defaultValue="credit"
          />
          <MoneyInput name="amount" label={c.amount} errors={state.errors} idPrefix={id} />
          <Input name="reason" label={c.reason} errors={state.errors} idPrefix={id} />
          <SubmitButton busy={action.busy}>{c.submitAdjust}</SubmitButton>
        </form>
      )}
    </section>
  );
}
