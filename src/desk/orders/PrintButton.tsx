import { Button, type ButtonVariant } from '#kit/Button.tsx';

/**
 * Opens the browser's print dialog (the page's print stylesheet leaves only the slips and labels). Beside a form's own
 * primary action it is the quiet one (`secondary`).
 */
export default function PrintButton({ label, variant }: { label: string; variant?: ButtonVariant | undefined }) {
  return (
    <Button variant={variant} onClick={() => window.print()} className="print:hidden">
      {label}
    </Button>
  );
}
