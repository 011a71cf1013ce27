import { useId, useState, type SubmitEvent } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { interpolate } from '../../../i18n/interpolate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import type { CustomerProfile } from '../../../lib/admin/customer-view.ts';
import { showToast } from '../../../lib/toast-event.ts';
import { formStateOf, type FormState } from '../../kit/form-state.ts';
import { FormMessage } from '../../kit/Notice.tsx';
import { Input } from '../../kit/Field.tsx';
import type { Question } from '../../kit/Dialog.tsx';

/** The cash-on-delivery flag: its state, and for customers.flag a toggle with a required reason. */
export default function CodFlag({
  locale,
  text,
  profile,
  canFlag,
  ask,
  onChanged,
}: {
  locale: Locale;
  text: Dictionary['adminMoney'];
  profile: CustomerProfile;
  canFlag: boolean;
  ask: (q: Question) => Promise<boolean>;
  onChanged: () => Promise<void>;
}) {
  const c = text.customer;
  const id = useId();
  const [state, setState] = useState<FormState>({ errors: {} });
  const blocked = profile.cod.blocked;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const reason = String(new FormData(formElement).get('reason') ?? '');
    const yes = await ask({
      title: blocked ? c.unblock : c.block,
      text: interpolate(blocked ? c.confirmUnblock : c.confirmBlock, { name: profile.name }),
      confirm: blocked ? c.unblock : c.block,
      keep: text.refunds.cancel,
    });
    if (!yes) return;
    const res = await adminCall(locale, `/customers/${profile.id}/cod-flag`, {
      method: 'POST',
      body: { blocked: !blocked, reason },
    });
    if (!res.ok) return setState(formStateOf(res));
    setState({ errors: {} });
    formElement.reset();
    showToast(blocked ? c.unblockedDone : c.blockedDone, 'success');
    await onChanged();
  };

  return (
    <section aria-labelledby="customer-cod" className="space-y-3" data-cod-flag={blocked ? 'blocked' : 'allowed'}>
      <h2 id="customer-cod" className="text-lg font-bold">
        {c.codTitle}
      </h2>
      <p className={blocked ? 'font-semibold text-red-800' : ''}>
        {blocked
          ? interpolate(c.codBlocked, { date: formatDateTime(profile.cod.since ?? '', locale), reason: profile.cod.reason ?? '' })
          : c.codAllowed}
      </p>
      {canFlag && (
        <form onSubmit={(e) => void submit(e)} noValidate className="max-w-xl space-y-3 rounded-xl bg-white p-4 shadow-sm">
          <FormMessage state={state} />
          <Input name="reason" label={c.codReason} errors={state.errors} idPrefix={id} />
          <button
            type="submit"
            className={`rounded-full px-6 py-2 font-semibold ${blocked ? 'border border-roast-300' : 'bg-red-700 text-white hover:bg-red-800'}`}
          >
            {blocked ? c.unblock : c.block}
          </button>
        </form>
      )}
    </section>
  );
}
