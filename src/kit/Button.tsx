import type { ButtonHTMLAttributes, Ref } from 'react';
import { useFormStatus } from 'react-dom';
import { useMounted } from '#islands/shared/use-mounted.ts';

/**
 * The desk kit's buttons (issue 33): the shop's and the desk's one look per kind. `primary` is the action a form or a
 * row is for, `secondary` the quiet one beside it, `danger` what cannot be undone. Nothing outside src/kit
 * writes these classes (eslint.config.js, tests/architecture/desk-kit.test.ts).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const look: Record<ButtonVariant, string> = {
  primary: 'bg-crema text-white hover:bg-roast-500',
  secondary: 'border border-roast-200 bg-white text-roast-900 hover:bg-roast-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};
const sizes: Record<ButtonSize, string> = { sm: 'px-4 py-1 text-sm', md: 'px-5 py-2', lg: 'px-6 py-3' };

/** The classes of a button (also for a link that looks like one). */
export const buttonClass = (
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  wide = false,
  /** Joined to the end of an input (a one-field form): square on the input's side. */
  joined = false,
): string =>
  `${joined ? 'rounded-e-md' : 'rounded-full'} font-semibold disabled:opacity-60 ${look[variant]} ${sizes[size]}${wide ? ' w-full text-center' : ''}`;

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement> | undefined;
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  wide?: boolean | undefined;
  joined?: boolean | undefined;
  /** The request it started is in flight: disabled, and relabelled with `busyLabel` when given. */
  busy?: boolean | undefined;
  busyLabel?: string | undefined;
}

/** A button of the kit; `type="button"` unless told otherwise. */
export function Button({ variant, size, wide, joined, busy = false, busyLabel, className, children, disabled, ...rest }: Props) {
  return (
    <button
      type="button"
      {...rest}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={`${buttonClass(variant, size, wide, joined)}${className ? ` ${className}` : ''}`}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/**
 * A form's submit button: busy while its request runs (the `busy` of useDeskAction, or React's form status for a form
 * action), and disabled until the island runs, so nothing submits the form natively before its handler exists (a
 * disabled default button also blocks submitting with Enter). An island hydrated on intent (`client:intent`, which
 * holds a submit made before it runs and replays it) says `heldByIntent`: its button must take that first press.
 */
export function SubmitButton({ heldByIntent = false, ...props }: Omit<Props, 'type'> & { heldByIntent?: boolean }) {
  const { pending } = useFormStatus();
  const mounted = useMounted();
  return (
    <Button
      {...props}
      type="submit"
      busy={Boolean(props.busy) || pending}
      disabled={props.disabled || (!mounted && !heldByIntent)}
    />
  );
}
