import { useActionState, useState } from 'react';
import { afterSignIn } from '#kit/admin-client.ts';
import { emptyState, typedValues, type FormState } from '#kit/form-state.ts';
import { Input } from '#kit/Field.tsx';
import { CodeInput, SignInFields, StepForm } from '#kit/StepForm.tsx';
import { useClientAction } from '#islands/shared/use-mounted.ts';
import { EnrolThenRecovery, postStep, type StepProps } from './sign-in-steps.tsx';

type Step = 'password' | 'code' | 'enrol';

/**
 * /admin/login and /seller/login (`side`, decision 031): password, then the authenticator code (or a recovery code);
 * a first sign-in enrols the factor.
 */
export default function StaffSignIn({ locale, text, working, side = 'admin' }: StepProps) {
  const [step, setStep] = useState<Step>('password');
  const next = () => afterSignIn(locale, new URLSearchParams(window.location.search).get('next'), side);
  const props = { locale, text, working, side };
  if (step === 'enrol') return <EnrolThenRecovery {...props} next={next()} />;
  if (step === 'code') return <CodeStep {...props} onDone={() => window.location.assign(next())} />;
  return <PasswordStep {...props} onDone={setStep} />;
}

function PasswordStep({ locale, text, working, side, onDone }: StepProps & { onDone: (step: Step) => void }) {
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const res = await postStep<{ next: 'code' | 'enrol' }>(locale, '/auth/login', Object.fromEntries(form), side);
    if (!res.ok) return { ...res.state, values: typedValues(form) };
    onDone(res.data.next);
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  return (
    <StepForm action={clientAction} state={state} busyLabel={working} submit={text.submit}>
      <SignInFields
        login={{ name: 'email', type: 'email', label: text.email }}
        passwordLabel={text.password}
        state={state}
        idPrefix="staff"
      />
    </StepForm>
  );
}

function CodeStep({ locale, text, working, side, onDone }: StepProps & { onDone: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const body = recovery ? { recovery_code: form.get('recovery_code') } : { code: form.get('code') };
    const res = await postStep<{ next: string }>(locale, '/auth/code', body, side);
    if (!res.ok) return res.state;
    onDone();
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  return (
    <StepForm
      action={clientAction}
      state={state}
      busyLabel={working}
      submit={text.verify}
      intro={
        <>
          <h2 className="text-xl font-bold">{text.codeTitle}</h2>
          {!recovery && <p className="text-sm">{text.codeIntro}</p>}
        </>
      }
      after={
        <button type="button" className="text-sm text-crema underline" onClick={() => setRecovery(!recovery)}>
          {recovery ? text.useCode : text.useRecovery}
        </button>
      }
    >
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
        <CodeInput key="code" label={text.code} errors={state.errors} idPrefix="staff" />
      )}
    </StepForm>
  );
}
