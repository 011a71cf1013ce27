import { useEffect, useState } from 'react';
import { takePendingToasts, TOAST_EVENT, type ToastRequest } from '#lib/toast-event.ts';

/** Spec section 8: toasts stay 5 seconds. */
const TOAST_MS = 5000;
/** More than this many at once only hides the page; the oldest goes first. */
const MAX_SHOWN = 3;

interface Shown extends ToastRequest {
  id: number;
}

let sequence = 0;

/**
 * The page's single toast area (spec section 8): top-end (the logical end, so top-left in Arabic), 5 seconds, a
 * close button, announced politely (errors assertively). Our own ~1 KB instead of sonner's 6.5 KB (decision 010).
 * Hydrated by the first showToast() (client:intent="on:app:toast-wake"), which queues until this is ready.
 */
export default function ToastHost({ labels }: { labels: { region: string; close: string } }) {
  const [toasts, setToasts] = useState<Shown[]>([]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const show = (request: ToastRequest) => {
      const id = (sequence += 1);
      setToasts((list) => [...list.slice(-(MAX_SHOWN - 1)), { ...request, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((list) => list.filter((t) => t.id !== id));
      }, TOAST_MS);
      timers.add(timer);
    };
    const onToast = (event: Event) => show((event as CustomEvent<ToastRequest>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    for (const request of takePendingToasts()) show(request);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));

  return (
    <section
      aria-label={labels.region}
      aria-live="polite"
      className="pointer-events-none fixed end-4 top-4 z-[60] flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : undefined}
          data-toast={toast.kind}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
            toast.kind === 'error' ? 'border-red-200 bg-red-50 text-red-900' : 'border-emerald-200 bg-emerald-50 text-emerald-900'
          }`}
        >
          <p className="flex-1">{toast.message}</p>
          <button
            type="button"
            aria-label={labels.close}
            onClick={() => dismiss(toast.id)}
            className="-m-1 grid h-6 w-6 shrink-0 place-items-center rounded-full hover:bg-black/10"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
