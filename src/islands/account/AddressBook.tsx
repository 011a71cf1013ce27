import { apiFetch, shopperFetch } from '../../lib/api-client.ts';
import { useStore } from '@nanostores/react';
import { useActionState, useEffect, useState } from 'react';
import { interpolate } from '../../i18n/interpolate.ts';
import { formatAddress } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { showToast } from '../../lib/toast-event.ts';
import { $session } from '../../stores/session.ts';
import { inputClass } from '../forms/Field.tsx';
import EmptyArt from './EmptyArt.tsx';
import { withFormState, emptyState, FormMessage, Input, typedValues, type AccountText, type FormState } from './form-kit.tsx';
import Submit from './Submit.tsx';
import { useConfirm } from '../shared/ConfirmDialog.tsx';
import { Filled } from '../shared/Filled.tsx';

interface Address {
  id: number;
  title: string;
  governorate_id: number;
  governorate: string;
  city: string;
  area: string;
  street: string;
  details: string;
  is_primary: boolean;
}
interface Governorate {
  id: number;
  name: string;
}

/** /profile/address-book: list, add, edit, delete, make primary (the server keeps exactly one primary). */
export default function AddressBook({
  locale,
  text,
  loadingText,
}: {
  locale: Locale;
  text: AccountText;
  /** Said while the shopper's data loads (the page's own fallback says the same before hydration). */
  loadingText: string;
}) {
  const { status } = useStore($session);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [governorates, setGovernorates] = useState<Governorate[]>([]);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const { ask, dialog } = useConfirm();

  useEffect(() => {
    if (status !== 'user') return;
    void shopperFetch<{ data: Address[] }>('/addresses', { locale }).then((r) => r?.ok && setAddresses(r.body.data));
    void apiFetch<{ data: Governorate[] }>('/governorates', { locale }).then((r) => r.ok && setGovernorates(r.body.data));
  }, [status, locale]);

  async function act(method: string, path: string) {
    const r = await withFormState(shopperFetch<{ data: Address[] }>(path, { locale, method }));
    if (r.ok) {
      setAddresses(r.body.data);
      showToast(method === 'DELETE' ? text.addressDeleted : text.addressSaved);
    } else showToast(r.state.message ?? '', 'error');
  }

  // A deleted address is gone for good, so the shopper confirms it first.
  async function remove(a: Address) {
    const yes = await ask({
      title: <Filled template={text.confirmDeleteTitle} values={{ name: a.title }} />,
      text: text.confirmDeleteText,
      confirm: text.confirmDelete,
      keep: text.keepAddress,
    });
    if (yes) await act('DELETE', `/addresses/${a.id}`);
  }

  const [formState, save] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    const body = { ...Object.fromEntries(form), is_primary: form.get('is_primary') === 'on' };
    const target = editing && editing !== 'new' ? `/addresses/${editing.id}` : '/addresses';
    const r = await withFormState(
      shopperFetch<{ data: Address[] }>(target, { locale, method: editing && editing !== 'new' ? 'PUT' : 'POST', body }),
    );
    if (!r.ok) return { ...r.state, values: typedValues(form) };
    setAddresses(r.body.data);
    setEditing(null);
    showToast(text.addressSaved);
    return emptyState;
  }, emptyState);

  if (addresses === null)
    return (
      <p className="min-h-96 text-roast-700" role="status">
        {loadingText}
      </p>
    );
  const current = editing && editing !== 'new' ? editing : null;
  const v =
    formState.values ??
    ((current ? { ...current, governorate_id: String(current.governorate_id) } : {}) as Record<string, string>);
  const p = { errors: formState.errors, idPrefix: 'address' };

  return (
    <div className="space-y-6">
      {dialog}
      {addresses.length === 0 && !editing && (
        <div className="py-6 text-center" data-empty-state>
          <EmptyArt kind="address" />
          <p className="mt-4 font-semibold">{text.noAddresses}</p>
          <p className="mt-1 text-sm text-roast-700">{text.noAddressesHint}</p>
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2">
        {addresses.map((a) => (
          <li key={a.id} className="rounded-lg border border-roast-200 p-4" data-address={a.title}>
            <p className="flex items-center gap-2 font-semibold">
              {a.title}
              {a.is_primary && <span className="rounded-full bg-roast-100 px-2 py-0.5 text-xs">{text.primary}</span>}
            </p>
            <p className="mt-1 text-sm text-roast-700">
              {formatAddress([a.street, a.area, a.city, a.governorate], locale)}
              {a.details && (
                <>
                  <br />
                  {a.details}
                </>
              )}
            </p>
            <div className="mt-3 flex flex-wrap gap-3 text-sm">
              <button
                type="button"
                className="underline"
                aria-label={interpolate(text.editNamed, { name: a.title })}
                onClick={() => setEditing(a)}
              >
                {text.edit}
              </button>
              {!a.is_primary && (
                <button type="button" className="underline" onClick={() => void act('POST', `/addresses/${a.id}/primary`)}>
                  {text.makePrimary}
                </button>
              )}
              <button
                type="button"
                className="text-red-800 underline"
                aria-label={interpolate(text.deleteNamed, { name: a.title })}
                onClick={() => void remove(a)}
              >
                {text.delete}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <form action={save} noValidate className="space-y-4 rounded-lg border border-roast-200 p-4" key={current?.id ?? 'new'}>
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
            <input type="checkbox" name="is_primary" defaultChecked={current?.is_primary ?? addresses.length === 0} />
            {text.primary}
          </label>
          <div className="flex gap-3">
            <Submit label={text.save} busyLabel={text.working} />
            <button type="button" className="rounded-full border border-roast-300 px-6 py-3" onClick={() => setEditing(null)}>
              {text.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setEditing('new')}
          className="rounded-full bg-crema px-6 py-3 font-semibold text-white hover:bg-roast-500"
        >
          {text.addAddress}
        </button>
      )}
    </div>
  );
}
