import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { interpolateIsolated } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { inputClass } from '#kit/Field.tsx';
import { Notice } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

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
  /** Why the WhatsApp confirmation did not settle it, and what the shopper wrote (issue 37). */
  whatsapp: string | null;
  wrote: string | null;
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
  // The queue is drawn by the page: after a logged call it is drawn again (useDeskAction without a refresh).
  const action = useDeskAction({ locale, done: text.logged });
  const submit = (form: FormData) => {
    const at = String(form.get('call_back_at') ?? '');
    return action.run({
      path: `/orders/${row.id}/calls`,
      body: {
        outcome,
        note: form.get('note') || undefined,
        ...(outcome === 'call_back' && at ? { call_back_at: new Date(at).toISOString() } : {}),
      },
    });
  };
  const id = `call-${row.id}`;
  return (
    <li className="space-y-2 rounded-xl bg-white p-4 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-bold">
          <a href={row.href} className="text-crema underline">
            <bdi>{row.ref}</bdi>
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
          aria-label={interpolateIsolated(text.callNow, { phone: row.phone })}
        >
          <bdi dir="ltr">{row.phone}</bdi>
        </a>{' '}
        · {row.attempts}
        {row.when && <> · {row.when}</>}
      </p>
      {row.whatsapp && (
        <p className="text-sm" data-whatsapp-note>
          {row.whatsapp}
          {row.wrote && (
            <>
              {' '}
              · <bdi>{row.wrote}</bdi>
            </>
          )}
        </p>
      )}
      <Notice>{action.state.message}</Notice>
      <form className="grid gap-2 sm:grid-cols-2" onSubmit={action.onSubmit(submit)}>
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
        <SubmitButton size="sm" busy={action.busy} className="sm:col-span-2">
          {text.log}
        </SubmitButton>
      </form>
    </li>
  );
}
