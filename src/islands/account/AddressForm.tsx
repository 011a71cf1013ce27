import { useActionState } from 'react';
import type { AddressView, GovernorateTerms } from '#lib/orders/views.ts';
import { showToast } from '#lib/toast-event.ts';
import { saveAddress } from '#stores/addresses.ts';
import { inputClass } from '#kit/Field.tsx';
import { withFormState, emptyState, typedValues, type FormState } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { Input } from '#kit/Field.tsx';
import { type AccountText } from './account-text.ts';
import { SubmitButton } from '#kit/Button.tsx';

interface Props {
  text: AccountText;
  /** The address being edited, or null for a new one. */
  current: AddressView | null;
  governorates: GovernorateTerms[];
  /** A new first address is primary (the server makes it so whatever is ticked). */
  first: boolean;
  onClose: () => void;
}

/** The address book's form: add an address or edit one; the saved list lands in $addresses (src/stores/addresses.ts). */
export default function AddressForm({ text, current, governorates, first, onClose }: Props) {
  const [formState, save] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    const body = { ...Object.fromEntries(form), is_primary: form.get('is_primary') === 'on' };
    const r = await withFormState(saveAddress(current?.id ?? null, body));
    if (!r.ok) return { ...r.state, values: typedValues(form) };
    onClose();
    showToast(text.addressSaved);
    return emptyState;
  }, emptyState);

  const v =
    formState.values ??
    ((current ? { ...current, governorate_id: String(current.governorate_id) } : {}) as Record<string, string>);
  const p = { errors: formState.errors, idPrefix: 'address' };
  return (
    <form action={save} noValidate className="space-y-4 rounded-lg border border-roast-200 p-4">
      <h2 className="text-lg font-bold">{current ? text.editAddress : text.addAddress}</h2>
      <FormMessage state={formState} />
      <Input {...p} name="title" label={text.addressTitle} defaultValue={v['title']} />
      <div>
        <label htmlFor="address-country" className="block text-sm font-semibold">
          {text.country}
        </label>
        <input id="address-country" value={text.egypt} readOnly className={inputClass} />
      </div>
      <div>
        <label htmlFor="address-governorate_id" className="block text-sm font-semibold">
          {text.governorate}
        </label>
        <select
          id="address-governorate_id"
          name="governorate_id"
          required
          defaultValue={v['governorate_id'] ?? ''}
          className={inputClass}
          aria-invalid={Boolean(formState.errors['governorate_id'])}
        >
          <option value="">{text.chooseGovernorate}</option>
          {governorates.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        {formState.errors['governorate_id'] && (
          <p className="mt-1 text-sm text-red-800">{formState.errors['governorate_id'].join(' ')}</p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input {...p} name="city" label={text.city} defaultValue={v['city']} autoComplete="address-level2" />
        <Input {...p} name="area" label={text.area} defaultValue={v['area']} autoComplete="address-level3" />
      </div>
      <Input {...p} name="street" label={text.street} defaultValue={v['street']} autoComplete="address-line1" />
      <Input
        {...p}
        name="details"
        label={text.details}
        defaultValue={v['details']}
        required={false}
        autoComplete="address-line2"
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="is_primary" defaultChecked={current?.is_primary ?? first} />
        {text.primary}
      </label>
      <div className="flex gap-3">
        <SubmitButton size="lg" wide busyLabel={text.working}>
          {text.save}
        </SubmitButton>
        <button type="button" className="rounded-full border border-roast-300 px-6 py-3" onClick={onClose}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
