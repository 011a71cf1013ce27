import type { ReactNode } from 'react';

/** The row of a form's buttons: the primary one first (at the start edge), wrapping on a phone. */
export function FormActions({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`flex flex-wrap items-center gap-3 ${className}`}>{children}</div>;
}
