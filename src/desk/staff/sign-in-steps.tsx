import { useActionState, useEffect, useState } from 'react';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { adminCall, type Side } from '#kit/admin-client.ts';
import { emptyState, formStateOf, type FormState } from '#kit/form-state.ts';
import { Notice } from '#kit/Notice.tsx';
import { buttonClass } from '#kit/Button.tsx';
import { CodeInput, StepForm } from '#kit/StepForm.tsx';
import { useClientAction } from '#islands/shared/use-mounted.ts';

export type SignInText = Dictionary['admin']['signIn'];
export interface StepProps {
  locale: Locale;
  text: SignInText;
  working: string;
  /** The seller portal signs in through /api/seller, the same steps (decision 031); default the desk. */
  side?: Side | undefined;
}

/** Posts a step's form; a refusal becomes the form's state (the API answers in the page's language). */
export async function postStep<T>(
  locale: Locale,
  path: string,
  body: unknown,
  side: Side = 'admin',
): Promise<{ ok: true; data: T } | { ok: false; state: FormState }> {
  const res = await adminCall<T>(locale, path, { method: 'POST', body, side });
  return res.ok ? { ok: true, data: res.body.data } : { ok: false, state: formStateOf(res) };
}

/** First sign-in: scan the QR code (or type the key), confirm with a code; then the recovery codes. */
export function EnrolStep({ locale, text, working, side, onDone }: StepProps & { onDone: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<{ secret: string; qr_svg: string } | null>(null);
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    void adminCall<{ secret: string; qr_svg: string }>(locale, '/auth/enrol', side ? { side } : {}).then((res) =>
      res.ok ? setEnrolment(res.body.data) : setLoadError(res.message),
    );
  }, [locale, side]);
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const res = await postStep<{ recovery_codes: string[] }>(locale, '/auth/enrol', { code: form.get('code') }, side);
    if (!res.ok) return res.state;
    onDone(res.data.recovery_codes);
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">{text.enrolTitle}</h2>
      <p className="text-sm">{text.enrolIntro}</p>
      <Notice>{loadError}</Notice>
      {enrolment && (
        <>
          {/* The SVG is drawn by our own QR encoder from our own otpauth:// address: no user text in it. */}
          <div
            className="mx-auto w-48 bg-white p-2"
            role="img"
            aria-label={text.enrolTitle}
            dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }}
          />
          <p className="text-sm">
            {text.enrolManual}{' '}
            <code dir="ltr" className="break-all rounded bg-roast-50 px-1 font-mono" data-testid="totp-secret">
              {enrolment.secret}
            </code>
          </p>
        </>
      )}
      <StepForm action={clientAction} state={state} busyLabel={working} submit={text.enrolSubmit}>
        <CodeInput label={text.code} errors={state.errors} idPrefix="enrol" />
      </StepForm>
    </div>
  );
}

/** The recovery codes, shown once, and the way on to the desk. */
export function RecoveryCodes({ text, codes, next }: { text: SignInText; codes: string[]; next: string }) {
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">{text.recoveryTitle}</h2>
      <p className="text-sm">{text.recoveryIntro}</p>
      <ul dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-roast-50 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <a href={next} className={`block ${buttonClass('primary', 'lg', true)}`}>
        {text.recoveryDone}
      </a>
    </div>
  );
}

/** Enrolment, then the recovery codes it issued, then on to `next`: the end of a first sign-in and of an invitation. */
export function EnrolThenRecovery({ locale, text, working, side, next }: StepProps & { next: string }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes text={text} codes={codes} next={next} />;
  return <EnrolStep locale={locale} text={text} working={working} side={side} onDone={setCodes} />;
}
