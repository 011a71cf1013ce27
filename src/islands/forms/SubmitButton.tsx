/** The forms' submit button: disabled and relabelled while the request is in flight. */
export default function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded-full bg-crema px-6 py-3 font-semibold text-white hover:bg-roast-500 disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
