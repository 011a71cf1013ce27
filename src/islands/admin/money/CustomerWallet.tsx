import { useId, useState, type SubmitEvent } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { formatDateTime, formatMoney, formatOrderId, formatSignedMoney } from '../../../i18n/format.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { CustomerProfile } from '../../../lib/admin/customer-view.ts';
import { fromPounds } from '../../../lib/money.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { formStateOf, type FormState } from '../../kit/form-state.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { Input } from '../../kit/Field.tsx';
import type { Question } from '../../kit/Dialog.tsx';
import DataTable, { type DeskColumn } from '../../kit/DataTable.tsx';

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
  const [state, setState] = useState<FormState>({ errors: {} });
  const [busy, setBusy] = useState(false);
  const movement = (e: Entry) => {
    const key = e.reason === 'credit' && e.amount < 0 ? 'debit' : e.reason;
    const template = (c.ledgerReasons as Record<string, string>)[key] ?? e.reason;
    return interpolate(template, { id: e.orderId === null ? '' : formatOrderId(e.orderId) });
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

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const direction = form.get('direction') === 'debit' ? 'debit' : 'credit';
    const amountText = String(form.get('amount') ?? '').trim();
    const amount = fromPounds(amountText);
    const yes = await ask({
      title: c.adjust,
      text: interpolate(c.confirmAdjust, {
        direction: direction === 'debit' ? c.debit : c.credit,
        amount: Number.isNaN(amount) ? amountText : formatMoney(amount, locale),
        name: profile.name,
      }),
      confirm: c.submitAdjust,
      keep: text.refunds.cancel,
    });
    if (!yes) return;
    setBusy(true);
    const res = await adminCall<{ balance: number }>(locale, `/customers/${profile.id}/wallet`, {
      method: 'POST',
      body: { direction, amount: amountText, reason: String(form.get('reason') ?? '') },
    });
    setBusy(false);
    if (!res.ok) return setState(formStateOf(res));
    setState({ errors: {} });
    formElement.reset();
    showToast(interpolate(c.adjusted, { balance: formatMoney(res.body.data.balance, locale) }), 'success');
    await onChanged();
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
          onSubmit={(e) => void submit(e)}
          noValidate
          className="max-w-xl space-y-3 rounded-xl bg-white p-4 shadow-sm"
          data-wallet-form
        >
          <h3 className="font-bold">{c.adjust}</h3>
          <FormMessage state={state} />
          <fieldset>
            <legend className="text-sm font-semibold">{c.direction}</legend>
            <label className="me-4 inline-flex items-center gap-2">
              <input type="radio" name="direction" value="credit" defaultChecked />
              {c.credit}
            </label>
            {can.debit && (
              <label className="inline-flex items-center gap-2">
                <input type="radio" name="direction" value="debit" />
                {c.debit}
              </label>
            )}
          </fieldset>
          <Input name="amount" label={c.amount} errors={state.errors} idPrefix={id} dir="ltr" />
          <Input name="reason" label={c.reason} errors={state.errors} idPrefix={id} />
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-crema px-6 py-2 font-semibold text-white hover:bg-roast-500 disabled:opacity-60"
          >
            {c.submitAdjust}
          </button>
        </form>
      )}
    </section>
  );
}
