import { Button } from '../../kit/Button.tsx';

/** Opens the browser's print dialog (the page's print stylesheet leaves only the slips and labels). */
export default function PrintButton({ label }: { label: string }) {
  return (
    <Button onClick={() => window.print()} className="print:hidden">
      {label}
    </Button>
  );
}
