import { useState } from 'react';
import { interpolate } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { approvalDraft, type ApprovalDraft } from './partner-form.ts';
import type { ApplicationView, ApprovalResult } from './partner-views.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { Field, formFields, inputClass } from '#kit/Field.tsx';
import { typedValues, type FormState } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';
import { DecisionOutcome, type Decided, type PartnerText } from './DecisionOutcome.tsx';
import { directionOf, localeOr } from '#i18n/locales.ts';

/**
 * A waiting application's two decisions: approve (the seller's names, cities and descriptions in both languages,
 * prefilled from the application) or reject with the reason the applicant is sent. Once decided, the forms give way
 * to what happened, and to the applicant's number when the text message did not go out.
 */
export default function PartnerDecision({
  locale,
  text,
  application,
}: {
  locale: Locale;
  text: PartnerText;
  application: ApplicationView;
}) {
  const draft = approvalDraft(application);
  const [done, setDone] = useState<Decided | null>(null);
  // Once decided, the forms give way to what happened (the island's refresh).
  const approving = useDeskAction<ApprovalResult>({
    locale,
    refresh: ({ notified, seller, ownerInvite }) =>
      setDone({
        message: interpolate(text.approved, { brand: application.brand_name }),
        notified,
        sellerId: seller.id,
        ownerInvite,
      }),
  });
  const rejecting = useDeskAction<{ notified: boolean }>({
    locale,
    refresh: ({ notified }) => setDone({ message: text.rejected, notified }),
  });
  const approval = approving.state;
  const rejection = rejecting.state;
  const send = (action: typeof approving | typeof rejecting, step: 'approve' | 'reject') => (form: FormData) =>
    action.run({ path: `/partners/applications/${application.id}/${step}`, body: typedValues(form) }, typedValues(form));
  const field = formFields<keyof ApprovalDraft>(approval, 'approve', (name) => draft[name]);
  const input = (name: keyof ApprovalDraft, label: string, dir: 'ltr' | 'rtl', hint?: string) =>
    field(name, label, { dir, hint });
  const area = (name: string, label: string, dir: 'ltr' | 'rtl', state: FormState, initial: string) => (
    <Field id={`decision-${name}`} label={label} error={state.errors[name]}>
      {(a11y) => (
        <textarea
          {...a11y}
          key={`${name}-${state.values ? 'typed' : 'draft'}`}
          name={name}
          rows={5}
          dir={dir}
          required
          className={inputClass}
          defaultValue={state.values?.[name] ?? initial}
        />
      )}
    </Field>
  );

  if (done) return <DecisionOutcome locale={locale} text={text} mobile={application.mobile} outcome={done} />;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <form
        onSubmit={approving.onSubmit(send(approving, 'approve'))}
        noValidate
        aria-labelledby="approve-title"
        className="space-y-4 rounded-xl bg-white p-4 shadow-sm lg:col-span-2"
      >
        <h2 id="approve-title" className="text-lg font-bold">
          {text.approveTitle}
        </h2>
        <p className="text-sm text-roast-700">{text.approveIntro}</p>
        <FormMessage state={approval} />
        {input('slug', text.slug, 'ltr', text.slugHint)}
        <div className="grid gap-4 sm:grid-cols-2">
          {input('name_en', text.nameEn, 'ltr')}
          {input('name_ar', text.nameAr, 'rtl')}
          {input('city_en', text.cityEn, 'ltr')}
          {input('city_ar', text.cityAr, 'rtl')}
          {area('description_en', text.descriptionEn, 'ltr', approval, draft.description_en)}
          {area('description_ar', text.descriptionAr, 'rtl', approval, draft.description_ar)}
        </div>
        <SubmitButton busy={approving.busy}>{text.approve}</SubmitButton>
      </form>
      <form
        onSubmit={rejecting.onSubmit(send(rejecting, 'reject'))}
        noValidate
        aria-labelledby="reject-title"
        className="space-y-4 self-start rounded-xl bg-white p-4 shadow-sm"
      >
        <h2 id="reject-title" className="text-lg font-bold">
          {text.rejectTitle}
        </h2>
        <FormMessage state={rejection} />
        {area('reason', text.reasonLabel, directionOf(localeOr(application.locale)), rejection, '')}
        <SubmitButton variant="danger" busy={rejecting.busy}>
          {text.reject}
        </SubmitButton>
      </form>
    </div>
  );
}
