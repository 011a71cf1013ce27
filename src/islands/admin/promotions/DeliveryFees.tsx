import { useActionState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { DeliveryFeesView } from '../../../lib/admin/promotion-views.ts';
import { fromPounds, poundsText } from '../../../lib/money.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { emptyState, formStateOf, typedValues, type FormState } from '../../kit/form-state.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { Input } from '../../kit/Field.tsx';
import { inputClass } from '../../kit/Field.tsx';
import { useClientAction } from '../../shared/use-mounted.ts';

const pounds = (piastres: number | null) => (piastres === null ? '' : poundsText(piastres).replace(/\.00$/, ''));

/**
 * /admin/delivery: every governorate's fee and days, and the free-delivery threshold, saved together (all or
 * nothing). Fees are typed in pounds; the API receives piastres and checks every row again.
 */
export default function DeliveryFees({
  locale,
  text,
  initial,
}: {
  locale: Locale;
  text: Dictionary['adminPromotions'];
  initial: DeliveryFeesView;
}) {
  const d = text.delivery;
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const typed = typedValues(form);
    const threshold = (typed['threshold'] ?? '').trim();
    // Only what changed since the page opened: a colleague's edits to other rows are kept.
    const rows = initial.governorates.map((g) => ({
      id: g.id,
      delivery_fee: fromPounds(typed[`fee-${g.id}`] ?? ''),
      delivery_days: Number(typed[`days-${g.id}`]),
    }));
    const body = {
      governorates: rows.filter(
        (r, i) =>
          r.delivery_fee !== initial.governorates[i]!.delivery_fee || r.delivery_days !== initial.governorates[i]!.delivery_days,
      ),
      ...(threshold !== pounds(initial.free_delivery_threshold)
        ? { free_delivery_threshold: threshold ? fromPounds(threshold) : null }
        : {}),
    };
    const res = await adminCall<DeliveryFeesView>(locale, '/delivery', { method: 'PUT', body });
    if (!res.ok) {
      const failed = formStateOf(res, typed);
      const errors: Record<string, string[]> = { threshold: failed.errors['free_delivery_threshold'] ?? [] };
      body.governorates.forEach((row, i) => {
        const messages = Object.entries(failed.errors)
          .filter(([field]) => field.startsWith(`governorates.${i}.`))
          .flatMap(([, list]) => list);
        if (messages.length) errors[`governorate-${row.id}`] = messages;
      });
      return { ...failed, errors };
    }
    showToast(d.saved, 'success');
    return { ...emptyState, values: typed };
  }, emptyState);
  const clientAction = useClientAction(action);
  const value = (name: string, stored: string) => state.values?.[name] ?? stored;
  const rowError = (i: number) => [
    ...(state.errors[`governorates.${i}.delivery_fee`] ?? []),
    ...(state.errors[`governorates.${i}.delivery_days`] ?? []),
  ];

  return (
    <form action={clientAction} noValidate className="space-y-6 rounded-xl bg-white p-4 shadow-sm">
      <FormMessage state={state} />
      <div className="max-w-sm">
        <Input
          key={`threshold-${state.values ? 'typed' : 'stored'}`}
          name="threshold"
          label={d.threshold}
          hint={d.thresholdHint}
          errors={state.errors}
          idPrefix="delivery"
          required={false}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          defaultValue={value('threshold', pounds(initial.free_delivery_threshold))}
        />
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr>
            <th scope="col" className="p-2 text-start">
              {d.governorate}
            </th>
            <th scope="col" className="p-2 text-start">
              {d.feeColumn}
            </th>
            <th scope="col" className="p-2 text-start">
              {d.daysColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {initial.governorates.map((g) => {
            const name = locale === 'ar' ? g.name_ar : g.name_en;
            const errors = rowError(g.id);
            return (
              <tr key={g.id} className="border-t border-roast-100 align-top">
                <th scope="row" className="p-2 text-start font-normal">
                  {name}
                  {errors.length > 0 && (
                    <p id={`delivery-${g.id}-error`} className="text-red-800" data-field-error>
                      {errors.join(' ')}
                    </p>
                  )}
                </th>
                <td className="p-2">
                  <input
                    name={`fee-${g.id}`}
                    aria-label={interpolate(d.fee, { name })}
                    aria-invalid={errors.length > 0}
                    aria-describedby={errors.length ? `delivery-${g.id}-error` : undefined}
                    inputMode="decimal"
                    dir="ltr"
                    className={`${inputClass} max-w-28`}
                    defaultValue={value(`fee-${g.id}`, pounds(g.delivery_fee))}
                  />
                </td>
                <td className="p-2">
                  <select
                    name={`days-${g.id}`}
                    aria-label={interpolate(d.days, { name })}
                    className={`${inputClass} max-w-20`}
                    defaultValue={value(`days-${g.id}`, String(g.delivery_days))}
                  >
                    {[1, 2, 3].map((n) => (
                      <option key={n} value={n}>
                        {formatNumber(n, locale)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="submit" className="rounded-full bg-crema px-6 py-2 font-semibold text-white hover:bg-roast-500">
        {d.save}
      </button>
    </form>
  );
}
