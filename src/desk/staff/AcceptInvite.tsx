import { useActionState, useState } from 'react';
import { emptyState, type FormState } from '#kit/form-state.ts';
import { PasswordInput, StepForm } from '#kit/StepForm.tsx';
import { useClientAction } from '#islands/shared/use-mounted.ts';
import { EnrolThenRecovery, postStep, type StepProps } from './sign-in-steps.tsx';
import { localePath } from '#i18n/routes.ts';

/** /admin/accept-invite?token=… (and /seller/…: `side`): choose a password, enrol the second factor, keep the recovery codes. */
export default function AcceptInvite({ locale, text, working, token, side = 'admin' }: StepProps & { token: string }) {
  const [step, setStep] = useState<'password' | 'enrol'>('password');
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const res = await postStep<{ next: string }>(locale, '/auth/accept-invite', { token, password: form.get('password') }, side);
    if (!res.ok) return res.state;
    setStep('enrol');
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  if (step === 'enrol')
    return <EnrolThenRecovery locale={locale} text={text} working={working} side={side} next={localePath(locale, `/${side}`)} />;
  return (
    <StepForm action={clientAction} state={state} busyLabel={working} submit={text.acceptSubmit}>
      <PasswordInput which="new" label={text.newPassword} errors={state.errors} idPrefix="invite" />
    </StepForm>
  );
}
