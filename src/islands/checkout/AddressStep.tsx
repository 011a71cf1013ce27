import { formatAddress } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import type { GovernorateTerms, SavedAddress } from '#lib/orders/views.ts';
import type { InlineDraft, OrdersText } from './checkout-text.ts';

interface Props {
  locale: Locale;
  text: OrdersText['checkout'];
  addresses: SavedAddress[];
  governorates: GovernorateTerms[];
  selected: number | null;
  adding: boolean;
  draft: InlineDraft;
  onSelect: (id: number) => void;
  onAdd: () => void;
  onDraft: (draft: InlineDraft) => void;
}

const input = 'mt-1 block w-full rounded-lg border border-roast-200 px-3 py-2';

/** Step 1: pick a saved address or type one in (it joins the address book when the order is placed). */
export default function AddressStep({
  locale,
  text,
  addresses,
  governorates,
  selected,
  adding,
  draft,
  onSelect,
  onAdd,
  onDraft,
}: Props) {
  const field = (key: keyof InlineDraft, label: string, required = true) => (
    <label className="block text-sm">
      {label}
      <input
        className={input}
        name={key}
        value={draft[key]}
        required={required}
        onChange={(e) => onDraft({ ...draft, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <fieldset className="rounded-xl border border-roast-100 bg-white p-4" data-step="address">
      <legend className="px-1 text-lg font-bold">{text.addressStep}</legend>
      <ul className="space-y-2">
        {addresses.map((a) => (
          <li key={a.id}>
            <label className="flex items-start gap-2">
              <input type="radio" name="address" checked={!adding && selected === a.id} onChange={() => onSelect(a.id)} />
              <span>
                <strong>{a.title}</strong> — {formatAddress([a.street, a.area, a.city, a.governorate], locale)}
              </span>
            </label>
          </li>
        ))}
        <li>
          <label className="flex items-center gap-2">
            <input type="radio" name="address" checked={adding} onChange={onAdd} />
            {text.newAddress}
          </label>
        </li>
      </ul>
      {adding && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2" data-inline-address>
          {field('title', text.addressTitle)}
          <label className="block text-sm">
            {text.governorate}
            <select
              className={input}
              name="governorate_id"
              value={draft.governorate_id}
              onChange={(e) => onDraft({ ...draft, governorate_id: e.target.value })}
            >
              <option value="">{text.chooseGovernorate}</option>
              {governorates.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          {field('city', text.city)}
          {field('area', text.area)}
          {field('street', text.street)}
          {field('details', text.details, false)}
        </div>
      )}
    </fieldset>
  );
}
