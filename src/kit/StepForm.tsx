import type { ReactNode } from 'react';
import { SubmitButton } from './Button.tsx';
import { Input } from './Field.tsx';
import type { Errors, FormState } from './form-state.ts';
import { FormMessage } from './Notice.tsx';

/**
 * The one-step forms of signing in and of account settings, in the shop and on both staff-side wings: the form's
 * refusal, its fields, one wide submit button. Here in the kit so that the shop's islands share it without loading
 * the desk's code (tests/architecture/wings.test.ts).
 */
export function StepForm({
  action,
  state,
  busyLabel,
  submit,
  intro,
  after,
  className = 'space-y-4',
  children,
}: {
  /** From useClientAction: none until the island runs. */
  action: ((form: FormData) => void) | undefined;
  state: FormState;
  busyLabel: string;
  submit: string;
  /** What stands above the refusal (a heading, a sentence). */
  intro?: ReactNode;
  /** What follows the submit button (a switch to another way). */
  after?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form action={action} noValidate className={className}>
      {intro}
      <FormMessage state={state} />
      {children}
      <SubmitButton size="lg" wide busyLabel={busyLabel}>
        {submit}
      </SubmitButton>
      {after}
    </form>
  );
}

interface FieldProps {
  label: string;
  errors: Errors;
  idPrefix: string;
}

/** A password field: `current` one to sign in with (the password manager fills it), or a `new` one it may suggest. */
export function PasswordInput({
  name = 'password',
  which,
  hint,
  ...field
}: FieldProps & { name?: string; which: 'current' | 'new'; hint?: string | undefined }) {
  return <Input {...field} name={name} type="password" hint={hint} autoComplete={`${which}-password`} />;
}

/** A one-time code (an authenticator's or a text message's): digits, left to right, filled from the message. */
export function CodeInput({ name = 'code', ...field }: FieldProps & { name?: string }) {
  return <Input {...field} name={name} autoComplete="one-time-code" inputMode="numeric" dir="ltr" />;
}

/** The account (e-mail, or e-mail or mobile) and its current password: the first step of every sign-in. */
export function SignInFields({
  login,
  passwordLabel,
  state,
  idPrefix,
}: {
  login: { name: string; label: string; type?: string };
  passwordLabel: string;
  state: FormState;
  idPrefix: string;
}) {
  return (
    <>
      <Input
        name={login.name}
        type={login.type}
        label={login.label}
        errors={state.errors}
        idPrefix={idPrefix}
        autoComplete="username"
        defaultValue={state.values?.[login.name]}
        dir="ltr"
      />
      <PasswordInput which="current" label={passwordLabel} errors={state.errors} idPrefix={idPrefix} />
    </>
  );
}
