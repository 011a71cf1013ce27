import { useState, type FormEvent } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { showToastAfterNavigation } from '../../../lib/toast-event.ts';
import { inputClass } from '../../kit/Field.tsx';

export interface QueueRow {
  id: number;
  ref: string;
  href: string;
  shopper: string;
  phone: string;
  governorate: string;
  total: string;
  placed: string;
  attempts: string;
  when: string | null;
}

type Text = Dictionary['adminOrders']['calls'];
const OUTCOMES = ['confirmed', 'no_answer', 'wrong_number', 'refused', 'call_back'] as const;

/** The confirmation queue: one card per order with the shopper's number and a form to log the call. */
export default function CallQueue({ locale, text, rows }: { locale: Locale; text: Text; rows: QueueRow[] }) {
  if (!rows.length) return <p className="rounded-xl bg-white p-6 text-center text-sm">{text.empty}</p>;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {rows.map((row) => (
        <CallCard key={row.id} locale={locale} text={text} row={row} />
      ))}
    </ul>
  );
}

function CallCard({ locale, text, row }: { locale: Locale; text: Text; row: QueueRow }) {
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number]>('confirmed');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const at = String(form.get('call_back_at') ?? '');
    setBusy(true);
    const res = await adminCall(locale, `/orders/${row.id}/calls`, {
      method: 'POST',
      body: {
        outcome,
        note: form.get('note') || undefined,
        ...(outcome === 'call_back' && at ? { call_back_at: new Date(at).toISOString() } : {}),
      },
    });
    setBusy(false);
    if (!res.ok) return setError(res.message);
    showToastAfterNavigation(text.logged);
    window.location.reload();
  };
  const id = `call-${row.id}`;
  return (
    <li className="space-y-2 rounded-xl bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-bold">
          <a href={row.href} className="text-crema underline">
            {row.ref}
          </a>{' '}
          · {row.shopper}
        </h2>
        <bdi className="text-sm">{row.total}</bdi>
      </div>
      <p className="text-sm">
        {row.governorate} · {row.placed}
      </p>
      <p className="text-sm">
        <a
          href={`tel:${row.phone}`}
          className="font-semibold underline"
          dir="ltr"
          aria-label={interpolate(text.callNow, { phone: row.phone })}
        >
          {row.phone}
        </a>{' '}
        · {row.attempts}
        {row.when && <> · {row.when}</>}
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <form className="grid gap-2 sm:grid-cols-2" onSubmit={(e) => void submit(e)}>
        <label className="text-sm font-semibold" htmlFor={`${id}-outcome`}>
          {text.outcome}
        </label>
        <select
          id={`${id}-outcome`}
          className={inputClass}
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as (typeof OUTCOMES)[number])}
        >
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {text.outcomes[o]}
            </option>
          ))}
        </select>
        {outcome === 'call_back' && (
          <label className="text-sm font-semibold">
            {text.callBackAt}
            <input type="datetime-local" name="call_back_at" required className={inputClass} />
          </label>
        )}
        <label className="text-sm font-semibold sm:col-span-2">
          {text.note}
          <input name="note" className={inputClass} />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-crema px-5 py-2 text-sm font-semibold text-white hover:bg-roast-500 disabled:opacity-60 sm:col-span-2"
        >
          {text.log}
        </button>
      </form>
    </li>
  );
}
