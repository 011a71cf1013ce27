import { useActionState, useState } from 'react';
import { emptyState, type FormState } from '../kit/form-state.ts';
import { FormMessage } from '../kit/Notice.tsx';
import { Input } from '../kit/Field.tsx';
import { SubmitButton } from '../kit/Button.tsx';
import { useClientAction } from '../shared/use-mounted.ts';
import { EnrolThenRecovery, postStep, type StepProps } from './sign-in-steps.tsx';
import { localePath } from '../../i18n/routes.ts';

/** /admin/accept-invite?token=…: choose a password, enrol the second factor, keep the recovery codes. */
export default function AcceptInvite({ locale, text, working, token }: StepProps & { token: string }) {
  const [step, setStep] = useState<'password' | 'enrol'>('password');
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const res = await postStep<{ next: string }>(locale, '/auth/accept-invite', { token, password: form.get('password') });
    if (!res.ok) return res.state;
    setStep('enrol');
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  if (step === 'enrol')
    return <EnrolThenRecovery locale={locale} text={text} working={working} next={localePath(locale, '/admin')} />;
  return (
    <form action={clientAction} noValidate className="space-y-4">
      <FormMessage state={state} />
      <Input
        name="password"
        type="password"
        label={text.newPassword}
        errors={state.errors}
        idPrefix="invite"
        autoComplete="new-password"
      />
      <SubmitButton size="lg" wide busyLabel={working}>
        {text.acceptSubmit}
      </SubmitButton>
    </form>
  );
}
