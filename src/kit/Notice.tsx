import type { ReactNode } from 'react';
import type { FormState } from './form-state.ts';

/**
 * The one refusal banner (issue 33): what the server (or a check before it) refused, announced to screen readers.
 * `tone="info"` is a quiet note that is not announced.
 */
export function Notice({
  children,
  tone = 'error',
  className = '',
}: {
  children: ReactNode;
  tone?: 'error' | 'info';
  className?: string;
}) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return tone === 'error' ? (
    <div role="alert" className={`rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}>
      {children}
    </div>
  ) : (
    <p className={`rounded-md bg-roast-50 px-3 py-2 text-sm ${className}`}>{children}</p>
  );
}

/** The form's lead message (e.g. 'Invalid Code'), as a Notice. */
export function FormMessage({ state }: { state: FormState }) {
  return <Notice>{state.message}</Notice>;
}
