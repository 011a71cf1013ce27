import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import { fromPounds } from '../../../lib/money.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { Input } from '../../kit/Field.tsx';
import { type FormState } from '../../kit/form-state.ts';

export interface Payout {
  /** Piastres typed (undefined: everything owed). */
  amount: number | undefined;
  amountText: string;
  destination: 'card' | 'wallet';
  note: string;
}

/**
 * The pay dialog (native modal <dialog>: focus trap, Escape, inert page): amount (empty pays all), card or wallet,
 * an optional note. `onPay` confirms and calls the API; it answers the server's refusal to show here, or null.
 */
export default function PayRefundDialog({
  text,
  owed,
  order,
  cardPossible,
  onPay,
  onClose,
}: {
  text: Dictionary['adminMoney']['refunds'];
  owed: string;
  order: string;
  cardPossible: boolean;
  onPay: (payout: Payout) => Promise<FormState | null>;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [state, setState] = useState<FormState>({ errors: {} });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amountText = String(form.get('amount') ?? '').trim();
    setBusy(true);
    const refused = await onPay({
      amount: amountText ? fromPounds(amountText) : undefined,
      amountText,
      destination: form.get('destination') === 'wallet' ? 'wallet' : 'card',
      note: String(form.get('reason') ?? '').trim(),
    });
    setBusy(false);
    if (refused) setState(refused);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-5 text-roast-900 shadow-xl backdrop:bg-black/50"
      data-pay-dialog
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {interpolate(text.payTitle, { order })}
        </h2>
        <p className="text-sm">
          <bdi>{interpolate(text.owed, { amount: owed })}</bdi>
        </p>
        <FormMessage state={state} />
        <Input
          name="amount"
          label={text.amountLabel}
          errors={state.errors}
          idPrefix={id}
          inputMode="text"
          required={false}
          dir="ltr"
        />
        <fieldset>
          <legend className="text-sm font-semibold">{text.payTo}</legend>
          {cardPossible && (
            <label className="mt-1 flex items-center gap-2">
              <input type="radio" name="destination" value="card" defaultChecked />
              {text.toCard}
            </label>
          )}
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="destination" value="wallet" defaultChecked={!cardPossible} />
            {text.toWallet}
          </label>
        </fieldset>
        <Input name="reason" label={text.note} errors={state.errors} idPrefix={id} required={false} />
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className="rounded-full border border-roast-300 px-5 py-2 font-semibold"
            onClick={() => ref.current?.close()}
          >
            {text.cancel}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-crema px-5 py-2 font-semibold text-white hover:bg-roast-500 disabled:opacity-60"
          >
            {text.submit}
          </button>
        </div>
      </form>
    </dialog>
  );
}
