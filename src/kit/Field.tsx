import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  error?: string[] | undefined;
  hint?: string | undefined;
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-roast-200 bg-white px-3 py-2 text-roast-900 aria-[invalid=true]:border-red-700';

/**
 * The kit's field (issue 33): a labelled control with its hint and error messages wired up for screen readers
 * (aria-describedby names both, aria-invalid marks a refused value). `Input` is the usual text field.
 */
export function Field({ id, label, error, hint, children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(errorId), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-roast-700">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A refusal under a control or a group, the text its aria-describedby names (nothing when there is none). */
export function FieldError({ id, error }: { id: string | undefined; error: string[] | undefined }) {
  if (!id || !error?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800" data-field-error>
      {error.join(' ')}
    </p>
  );
}

interface InputProps {
  name: string;
  label: string;
  errors: Record<string, string[]>;
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

/**
 * An amount in pounds as typed on any keyboard (Arabic-Indic digits, "٫" or "," as the decimal point): read with
 * parseMoneyInput (src/lib/money.ts) when the form is sent.
 */
export function MoneyInput(props: Omit<InputProps, 'type' | 'inputMode' | 'dir' | 'autoComplete'>) {
  return <Input {...props} type="text" inputMode="decimal" dir="ltr" autoComplete="off" />;
}

type FieldOptions = Partial<Omit<InputProps, 'name' | 'label' | 'errors' | 'idPrefix' | 'defaultValue'>> & {
  /** An amount in pounds (MoneyInput). */
  money?: boolean;
  /** Not required (the API decides what an empty one means). */
  optional?: boolean;
};

/**
 * The one field factory of a form (issue 33): `field(name, label, options)` draws an Input (or a MoneyInput) named
 * like the API's field, with its messages from the form's state, and what was typed after a refusal, else the stored
 * value. Remounted when it switches between the two, so the value shown follows.
 */
export function formFields<N extends string>(
  state: { errors: Record<string, string[]>; values?: Record<string, string> | undefined },
  idPrefix: string,
  stored: (name: N) => string,
) {
  return function field(name: N, label: string, { money, optional, ...options }: FieldOptions = {}) {
    // The key is passed on its own: React warns (and will refuse) a key spread in with the other props.
    const key = `${name}-${state.values ? 'typed' : 'stored'}-${stored(name)}`;
    const common = {
      name,
      label,
      errors: state.errors,
      idPrefix,
      defaultValue: state.values?.[name] ?? stored(name),
      ...(optional ? { required: false } : {}),
    };
    return money ? (
      <MoneyInput key={key} {...common} hint={options.hint} />
    ) : (
      <Input key={key} autoComplete="off" {...common} {...options} />
    );
  };
}
