import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatNumber } from '#i18n/format.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import type { DeliveryFeesView } from './promotion-views.ts';
import { parseMoneyInput, typedPoundsText } from '#lib/money.ts';
import { SubmitButton } from '#kit/Button.tsx';
import DataTable, { type DeskColumn } from '#kit/DataTable.tsx';
import { inputClass, MoneyInput } from '#kit/Field.tsx';
import type { Errors, FormState } from '#kit/form-state.ts';
import { typedValues } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { localField } from '#i18n/localized.ts';

type Text = Dictionary['adminPromotions'];
type Governorate = DeliveryFeesView['governorates'][number];
/** An amount typed in pounds as piastres; what is not an amount stays NaN, which the API refuses on its field. */
const piastresOf = (typed: string) => {
  const read = parseMoneyInput(typed);
  return read.ok ? read.piastres : Number.NaN;
};

/**
 * /admin/delivery: every governorate's fee and days, and the free-delivery threshold, saved together (all or
 * nothing). Fees are typed in pounds (read by parseMoneyInput); the API receives piastres and checks every row again.
 */
export default function DeliveryFees({ locale, text, initial }: { locale: Locale; text: Text; initial: DeliveryFeesView }) {
  const d = text.delivery;
  // What the server last answered: the next save sends only what changed since, so a colleague's edits are kept.
  const [saved, setSaved] = useState(initial);
  const action = useDeskAction<DeliveryFeesView>({ locale, done: d.saved, refresh: setSaved });
  const save = async (form: FormData) => {
    const typed = typedValues(form);
    const threshold = (typed['threshold'] ?? '').trim();
    const body = changesOf(saved, typed, threshold);
    await action.run({ path: '/delivery', method: 'PUT', body }, typed);
  };
  const state = rowErrors(action.state, saved);

  return (
    <form onSubmit={action.onSubmit(save)} noValidate className="space-y-6 rounded-xl bg-white p-4 shadow-sm">
      <FormMessage state={state} />
      <div className="max-w-sm">
        <MoneyInput
          name="threshold"
          label={d.threshold}
          hint={d.thresholdHint}
          errors={state.errors}
          idPrefix="delivery"
          required={false}
          defaultValue={typedPoundsText(initial.free_delivery_threshold)}
        />
      </div>
      <DataTable
        caption={d.governorate}
        columns={feeColumns(locale, d, state.errors)}
        rows={initial.governorates}
        rowId={(g) => String(g.id)}
        empty=""
      />
      <SubmitButton busy={action.busy}>{d.save}</SubmitButton>
    </form>
  );
}

/** The body of a save: the governorates whose fee or days changed, and the threshold when it changed. */
function changesOf(saved: DeliveryFeesView, typed: Record<string, string>, threshold: string) {
  const rows = saved.governorates.map((g) => ({
    id: g.id,
    delivery_fee: piastresOf(typed[`fee-${g.id}`] ?? ''),
    delivery_days: Number(typed[`days-${g.id}`]),
  }));
  return {
    governorates: rows.filter(
      (r, i) =>
        r.delivery_fee !== saved.governorates[i]!.delivery_fee || r.delivery_days !== saved.governorates[i]!.delivery_days,
    ),
    ...(threshold !== typedPoundsText(saved.free_delivery_threshold)
      ? { free_delivery_threshold: threshold ? piastresOf(threshold) : null }
      : {}),
  };
}

/**
 * The API names a row's field by its place in the body (`governorates.3.delivery_fee`): those messages go to the
 * governorate's row, the threshold's to its field. The body held only the changed rows, in the list's order.
 */
function rowErrors(state: FormState, saved: DeliveryFeesView): FormState {
  if (!Object.keys(state.errors).length) return state;
  const typed = state.values ?? {};
  const sent = changesOf(saved, typed, (typed['threshold'] ?? '').trim()).governorates;
  const errors: Errors = { threshold: state.errors['free_delivery_threshold'] ?? [] };
  sent.forEach((row, i) => {
    const messages = Object.entries(state.errors)
      .filter(([field]) => field.startsWith(`governorates.${i}.`))
      .flatMap(([, list]) => list);
    if (messages.length) errors[`governorate-${row.id}`] = messages;
  });
  return { ...state, errors };
}

function feeColumns(locale: Locale, d: Text['delivery'], errors: Errors): DeskColumn<Governorate>[] {
  const nameOf = (g: Governorate) => localField(locale, g, 'name');
  const errorsOf = (g: Governorate) => errors[`governorate-${g.id}`] ?? [];
  return [
    {
      id: 'governorate',
      label: d.governorate,
      header: d.governorate,
      cell: ({ row }) => (
        <span>
          {nameOf(row.original)}
          {errorsOf(row.original).length > 0 && (
            <span id={`delivery-${row.original.id}-error`} className="block text-red-800" data-field-error>
              {errorsOf(row.original).join(' ')}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'fee',
      label: d.feeColumn,
      header: d.feeColumn,
      cell: ({ row }) => {
        const g = row.original;
        const invalid = errorsOf(g).length > 0;
        return (
          <input
            name={`fee-${g.id}`}
            aria-label={interpolate(d.fee, { name: nameOf(g) })}
            aria-invalid={invalid}
            aria-describedby={invalid ? `delivery-${g.id}-error` : undefined}
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            className={`${inputClass} max-w-28`}
            defaultValue={typedPoundsText(g.delivery_fee)}
          />
        );
      },
    },
    {
      id: 'days',
      label: d.daysColumn,
      header: d.daysColumn,
      cell: ({ row }) => (
        <select
          name={`days-${row.original.id}`}
          aria-label={interpolate(d.days, { name: nameOf(row.original) })}
          className={`${inputClass} max-w-20`}
          defaultValue={String(row.original.delivery_days)}
        >
          {[1, 2, 3].map((n) => (
            <option key={n} value={n}>
              {formatNumber(n, locale)}
            </option>
          ))}
        </select>
      ),
    },
  ];
}
