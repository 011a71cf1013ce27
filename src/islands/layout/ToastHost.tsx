import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { TOAST_EVENT } from '../lib/toast-event.ts';

/** The page's single toast area: top-end (top-left in Arabic), 5 seconds (spec section 8). */
export default function ToastHost({ dir, labels }: { dir: 'ltr' | 'rtl'; labels: { region: string; close: string } }) {
  // Plain scripts (cart counters) must not import sonner themselves: that would split it into its own chunk
  // and add a preload helper to pages that otherwise carry no React code of their own.
  useEffect(() => {
    const show = (event: Event) => toast.success(String((event as CustomEvent<unknown>).detail));
    window.addEventListener(TOAST_EVENT, show);
    return () => window.removeEventListener(TOAST_EVENT, show);
  }, []);
  return (
    <Toaster
      position={dir === 'rtl' ? 'top-left' : 'top-right'}
      dir={dir}
      duration={5000}
      richColors
      closeButton
      containerAriaLabel={labels.region}
      toastOptions={{ closeButtonAriaLabel: labels.close }}
    />
  );
}
