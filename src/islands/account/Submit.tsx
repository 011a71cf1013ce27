import { useFormStatus } from 'react-dom';
import { useMounted } from '../shared/use-mounted.ts';

/**
 * The submit button of an account form: React 19's form status disables it while the action runs. Rendered
 * disabled until the island runs, so nothing can submit the form natively before its action exists (a disabled
 * default button also blocks submitting with Enter): see useClientAction.
 */
export default function Submit({ label, busyLabel }: { label: string; busyLabel: string }) {
  const { pending } = useFormStatus();
  const mounted = useMounted();
  return (
    <button
      type="submit"
      disabled={pending || !mounted}
      className="w-full rounded-full bg-crema px-6 py-3 font-semibold text-white hover:bg-roast-500 disabled:opacity-60"
    >
      {pending ? busyLabel : label}
    </button>
  );
}
