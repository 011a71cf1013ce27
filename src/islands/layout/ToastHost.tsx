import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { takePendingToasts, TOAST_EVENT, type ToastRequest } from '../../lib/toast-event.ts';

const show = ({ message, kind }: ToastRequest) => (kind === 'error' ? toast.error(message) : toast.success(message));

/**
 * The page's single toast area: top-end (top-left in Arabic), 5 seconds (spec section 8). Hydrated by the first
 * showToast() (client:intent="on:app:toast-wake"), so pages where nothing is toasted never run sonner.
 */
export default function ToastHost({ dir, labels }: { dir: 'ltr' | 'rtl'; labels: { region: string; close: string } }) {
  useEffect(() => {
    const onToast = (event: Event) => show((event as CustomEvent<ToastRequest>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    // Toaster subscribes in its own effect, which runs before this one (children first).
    for (const request of takePendingToasts()) show(request);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
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
