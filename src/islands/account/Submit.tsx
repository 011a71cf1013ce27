import { useFormStatus } from 'react-dom';

/** The submit button of an account form: React 19's form status disables it while the action runs. */
export default function Submit({ label, busyLabel }: { label: string; busyLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-full bg-crema px-6 py-3 font-semibold text-white hover:bg-roast-500 disabled:opacity-60"
    >
      {pending ? busyLabel : label}
    </button>
  );
}
