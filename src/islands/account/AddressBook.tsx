import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { interpolate } from '#i18n/interpolate.ts';
import { formatAddress } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import type { AddressView } from '#lib/orders/views.ts';
import { showToast } from '#lib/toast-event.ts';
import { $addresses, $governorates, makePrimaryAddress, removeAddress } from '#stores/addresses.ts';
import AddressForm from './AddressForm.tsx';
import EmptyArt from './EmptyArt.tsx';
import { withFormState } from '#kit/form-state.ts';
import { type AccountText } from './account-text.ts';
import { useConfirm } from '#kit/Dialog.tsx';
import { Filled } from '../shared/Filled.tsx';
import { Button } from '#kit/Button.tsx';

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
  // The address book and the checkout's address step read one store (src/stores/addresses.ts).
  const addresses = useStore($addresses).data;
  const governorates = useStore($governorates).data ?? [];
  const [editing, setEditing] = useState<AddressView | 'new' | null>(null);
  const { ask, dialog } = useConfirm();

  async function act(change: ReturnType<typeof removeAddress>, done: string) {
    const r = await withFormState(change);
    if (r.ok) showToast(done);
    else showToast(r.state.message ?? '', 'error');
  }

  // A deleted address is gone for good, so the shopper confirms it first.
  async function remove(a: AddressView) {
    const yes = await ask({
      title: <Filled template={text.confirmDeleteTitle} values={{ name: a.title }} />,
      text: text.confirmDeleteText,
      confirm: text.confirmDelete,
      keep: text.keepAddress,
    });
    if (yes) await act(removeAddress(a.id), text.addressDeleted);
  }

  if (addresses === null)
    return (
      <p className="min-h-96 text-roast-700" role="status">
        {loadingText}
      </p>
    );
  const current = editing && editing !== 'new' ? editing : null;

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
                <button type="button" className="underline" onClick={() => void act(makePrimaryAddress(a.id), text.addressSaved)}>
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
        <AddressForm
          key={current?.id ?? 'new'}
          text={text}
          current={current}
          governorates={governorates}
          first={addresses.length === 0}
          onClose={() => setEditing(null)}
        />
      ) : (
        <Button size="lg" onClick={() => setEditing('new')}>
          {text.addAddress}
        </Button>
      )}
    </div>
  );
}
