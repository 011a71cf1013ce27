import type { Dictionary } from '../../i18n/en.ts';
import { firstMessage, type ApiResult } from '../../lib/api-client.ts';
import { Field, inputClass } from '../forms/Field.tsx';

export type AccountText = Dictionary['account'];
export type Errors = Record<string, string[]>;
export interface FormState {
  errors: Errors;
  message?: string;
  /** What was typed: React resets a form after its action, so inputs take these back as default values. */
  values?: Record<string, string>;
}
export const emptyState: FormState = { errors: {} };

/** The text fields of a submitted form, passwords left out. */
export const typedValues = (form: FormData): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()].filter(([k, v]) => typeof v === 'string' && !k.includes('password')) as [string, string][],
  );

/**
 * A form action's call (made with src/lib/api-client.ts) with the state a failure becomes: per-field messages and the
 * lead message. A shopper call without a session reads as a 401 with no message.
 */
export async function withFormState<T>(call: Promise<ApiResult<{ data: T }> | null>) {
  const res = (await call) ?? { ok: false, status: 401, body: {} as ApiResult<{ data: T }>['body'], problem: null };
  return { ...res, state: formStateOf(res) };
}

/** The form state a call's answer becomes (per-field messages and the lead message; empty when it succeeded). */
export const formStateOf = (res: Pick<ApiResult<unknown>, 'body'>, values?: Record<string, string>): FormState => ({
  errors: res.body.errors ?? {},
  message: firstMessage(res.body, ''),
  ...(values ? { values } : {}),
});

interface InputProps {
  name: string;
  label: string;
  errors: Errors;
  type?: string | undefined;
  autoComplete?: string | undefined;
  hint?: string | undefined;
  defaultValue?: string | undefined;
  required?: boolean | undefined;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text' | undefined;
  idPrefix: string;
  dir?: 'ltr' | 'rtl' | undefined;
}

/** A labelled input with its errors (names match the API's fields, so its messages land on the right input). */
export function Input({
  name,
  label,
  errors,
  type = 'text',
  autoComplete,
  hint,
  defaultValue,
  required = true,
  inputMode,
  idPrefix,
  dir,
}: InputProps) {
  return (
    <Field id={`${idPrefix}-${name}`} label={label} error={errors[name]} hint={hint}>
      {(a11y) => (
        <input
          {...a11y}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          required={required}
          inputMode={inputMode}
          dir={dir}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The form's lead message (e.g. 'Invalid Code'), announced to screen readers. */
export function FormMessage({ state }: { state: FormState }) {
  if (!state.message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {state.message}
    </p>
  );
}
