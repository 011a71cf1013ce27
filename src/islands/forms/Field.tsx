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

/** A labelled form control with its hint and error messages wired up for screen readers. */
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
      {errorId && (
        <p id={errorId} className="mt-1 text-sm text-red-800" data-field-error>
          {error!.join(' ')}
        </p>
      )}
    </div>
  );
}
