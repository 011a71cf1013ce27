/** Opens the browser's print dialog (the page's print stylesheet leaves only the slips and labels). */
export default function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-full bg-crema px-6 py-2 font-semibold text-white hover:bg-roast-500 print:hidden"
    >
      {label}
    </button>
  );
}
