import { useActionState, useState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { plural } from '../../../i18n/interpolate.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { emptyState, formStateOf, FormMessage, Input, type FormState } from '../../account/form-kit.tsx';
import Submit from '../../account/Submit.tsx';
import { useClientAction } from '../../shared/use-mounted.ts';

/** /admin/account: how many recovery codes are left, and a new set (the password proves it is the member). */
export default function RecoveryCodesPanel({
  locale,
  text,
  working,
  left,
}: {
  locale: Locale;
  text: Dictionary['adminAccount']['recovery'];
  working: string;
  left: number;
}) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const res = await adminCall<{ recovery_codes: string[] }>(locale, '/account/recovery-codes', {
      method: 'POST',
      body: { password: form.get('password') },
    });
    if (!res.ok) return formStateOf(res);
    setCodes(res.body.data.recovery_codes);
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
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
        <form action={clientAction} noValidate className="max-w-md space-y-4">
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
          <Submit label={text.submit} busyLabel={working} />
        </form>
      )}
    </div>
  );
}
