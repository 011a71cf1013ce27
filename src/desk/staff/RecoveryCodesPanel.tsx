import { useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Side } from '#kit/admin-client.ts';
import { plural } from '#i18n/interpolate.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { Input } from '#kit/Field.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

/** /admin/account: how many recovery codes are left, and a new set (the password proves it is the member). */
export default function RecoveryCodesPanel({
  locale,
  side = 'admin',
  text,
  working,
  left,
}: {
  locale: Locale;
  /** The seller portal's account page (/seller/account, issue 50) draws it too, writing to /api/seller. */
  side?: Side;
  text: Dictionary['adminAccount']['recovery'];
  working: string;
  left: number;
}) {
  const [codes, setCodes] = useState<string[] | null>(null);
  // The new codes are shown once, here: the answer is what the panel draws next.
  const making = useDeskAction<{ recovery_codes: string[] }>({
    locale,
    side,
    refresh: (data) => setCodes(data.recovery_codes),
  });
  const { state } = making;
  const make = (form: FormData) => making.run({ path: '/account/recovery-codes', body: { password: form.get('password') } }, {});
  return (
    <div className="space-y-4">
      <p className="text-sm font-semibold" data-testid="recovery-left">
        {plural(text.left, codes ? codes.length : left, locale)}
      </p>
      {codes ? (
        <div role="status" className="space-y-3">
          <p className="text-sm">{text.shown}</p>
          <ul dir="ltr" className="grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2" data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code} className="rounded bg-roast-50 px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <form onSubmit={making.onSubmit(make)} noValidate className="max-w-md space-y-4">
          <p className="text-sm">{text.intro}</p>
          <FormMessage state={state} />
          <Input
            name="password"
            type="password"
            label={text.password}
            errors={state.errors}
            idPrefix="recovery"
            autoComplete="current-password"
          />
          <SubmitButton busy={making.busy} busyLabel={working}>
            {text.submit}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
