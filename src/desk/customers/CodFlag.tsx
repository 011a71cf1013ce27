import { useId } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import { formatProseDateTime } from '#i18n/format.ts';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import type { CustomerProfile } from './customer-view.ts';
import { SubmitButton } from '#kit/Button.tsx';
import type { Question } from '#kit/Dialog.tsx';
import { Input } from '#kit/Field.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

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
  const blocked = profile.cod.blocked;
  const action = useDeskAction({ locale, done: blocked ? c.unblockedDone : c.blockedDone, refresh: onChanged });
  const { state } = action;

  const submit = async (form: FormData, formElement: HTMLFormElement) => {
    const reason = String(form.get('reason') ?? '');
    const yes = await ask({
      title: blocked ? c.unblock : c.block,
      text: interpolate(blocked ? c.confirmUnblock : c.confirmBlock, { name: profile.name }),
      confirm: blocked ? c.unblock : c.block,
      keep: text.refunds.cancel,
    });
    if (!yes) return;
    if (await action.run({ path: `/customers/${profile.id}/cod-flag`, body: { blocked: !blocked, reason } })) formElement.reset();
  };

  return (
    <section aria-labelledby="customer-cod" className="space-y-3" data-cod-flag={blocked ? 'blocked' : 'allowed'}>
      <h2 id="customer-cod" className="text-lg font-bold">
        {c.codTitle}
      </h2>
      <p className={blocked ? 'font-semibold text-red-800' : ''}>
        {blocked
          ? interpolate(c.codBlocked, {
              date: formatProseDateTime(profile.cod.since ?? '', locale),
              reason: profile.cod.reason ?? '',
            })
          : c.codAllowed}
      </p>
      {canFlag && (
        <form onSubmit={action.onSubmit(submit)} noValidate className="max-w-xl space-y-3 rounded-xl bg-white p-4 shadow-sm">
          <FormMessage state={state} />
          <Input name="reason" label={c.codReason} errors={state.errors} idPrefix={id} />
          <SubmitButton variant={blocked ? 'secondary' : 'danger'} busy={action.busy}>
            {blocked ? c.unblock : c.block}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
