import { useActionState, useState } from 'react';
import { afterSignIn } from '../../lib/admin/admin-client.ts';
import { emptyState, typedValues, type FormState } from '../kit/form-state.ts';
import { FormMessage } from '../kit/Notice.tsx';
import { Input } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/Button.tsx';
import { useClientAction } from '../shared/use-mounted.ts';
import { EnrolThenRecovery, postStep, type StepProps } from './sign-in-steps.tsx';

type Step = 'password' | 'code' | 'enrol';

/** /admin/login: password, then the authenticator code (or a recovery code); a first sign-in enrols the factor. */
export default function StaffSignIn({ locale, text, working }: StepProps) {
  const [step, setStep] = useState<Step>('password');
  const next = () => afterSignIn(locale, new URLSearchParams(window.location.search).get('next'));
  if (step === 'enrol') return <EnrolThenRecovery locale={locale} text={text} working={working} next={next()} />;
  if (step === 'code')
    return <CodeStep locale={locale} text={text} working={working} onDone={() => window.location.assign(next())} />;
  return <PasswordStep locale={locale} text={text} working={working} onDone={setStep} />;
}

function PasswordStep({ locale, text, working, onDone }: StepProps & { onDone: (step: Step) => void }) {
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const res = await postStep<{ next: 'code' | 'enrol' }>(locale, '/auth/login', Object.fromEntries(form));
    if (!res.ok) return { ...res.state, values: typedValues(form) };
    onDone(res.data.next);
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  return (
    <form action={clientAction} noValidate className="space-y-4">
      <FormMessage state={state} />
      <Input
        name="email"
        type="email"
        label={text.email}
        errors={state.errors}
        idPrefix="staff"
        autoComplete="username"
        defaultValue={state.values?.['email']}
        dir="ltr"
      />
      <Input
        name="password"
        type="password"
        label={text.password}
        errors={state.errors}
        idPrefix="staff"
        autoComplete="current-password"
      />
      <SubmitButton size="lg" wide busyLabel={working}>
        {text.submit}
      </SubmitButton>
    </form>
  );
}

function CodeStep({ locale, text, working, onDone }: StepProps & { onDone: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const body = recovery ? { recovery_code: form.get('recovery_code') } : { code: form.get('code') };
    const res = await postStep<{ next: string }>(locale, '/auth/code', body);
    if (!res.ok) return res.state;
    onDone();
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  return (
    <form action={clientAction} noValidate className="space-y-4">
      <h2 className="text-xl font-bold">{text.codeTitle}</h2>
      {!recovery && <p className="text-sm">{text.codeIntro}</p>}
      <FormMessage state={state} />
      {recovery ? (
        <Input
          key="recovery"
          name="recovery_code"
          label={text.recoveryCode}
          errors={state.errors}
          idPrefix="staff"
          autoComplete="off"
          dir="ltr"
        />
      ) : (
        <Input
          key="code"
          name="code"
          label={text.code}
          errors={state.errors}
          idPrefix="staff"
          autoComplete="one-time-code"
          inputMode="numeric"
          dir="ltr"
        />
      )}
      <SubmitButton size="lg" wide busyLabel={working}>
        {text.verify}
      </SubmitButton>
      <button type="button" className="text-sm text-crema underline" onClick={() => setRecovery(!recovery)}>
        {recovery ? text.useCode : text.useRecovery}
      </button>
    </form>
  );
}
