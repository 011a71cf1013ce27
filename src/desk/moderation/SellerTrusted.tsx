import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { useDeskAction } from '#kit/use-desk-action.ts';

type Text = Dictionary['deskModeration'];

/** The seller page's toggle (issue 40): a trusted seller's catalog changes skip the moderation queue. */
export default function SellerTrusted({
  locale,
  text,
  seller,
}: {
  locale: Locale;
  text: Text;
  seller: { id: number; name: string; trusted: boolean };
}) {
  const [trusted, setTrusted] = useState(seller.trusted);
  const action = useDeskAction<{ trusted: boolean }>({
    locale,
    done: (saved) => (saved.trusted ? text.trustedOn : text.trustedOff),
    refresh: (saved) => setTrusted(saved.trusted),
  });
  return (
    <label className="flex w-full items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-5"
        checked={trusted}
        disabled={action.busy}
        data-seller-trusted={seller.id}
        onChange={(e) =>
          void action.run({ path: `/sellers/${seller.id}/trusted`, method: 'PUT', body: { trusted: e.target.checked } })
        }
      />
      <span>
        {text.trusted} <span className="sr-only">— {seller.name}</span>
      </span>
    </label>
  );
}
