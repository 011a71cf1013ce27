/**
 * Toasts without loading the toast area where they are asked for: islands call showToast(); the layout's ToastHost
 * (hydrated by the first request, see client:intent="on:…") shows them. Requests made before the host is ready
 * wait in a queue on window, so the first toast of a page is never lost.
 */
export type ToastKind = 'success' | 'error';

export interface ToastRequest {
  message: string;
  kind: ToastKind;
}

/** Window event carrying a ToastRequest once the host listens. */
export const TOAST_EVENT = 'app:toast';
/** Window event that wakes (hydrates) the host. */
export const TOAST_WAKE_EVENT = 'app:toast-wake';

interface ToastBox {
  ready: boolean;
  pending: ToastRequest[];
}

declare global {
  interface Window {
    __toasts?: ToastBox;
  }
}

const box = (): ToastBox => (window.__toasts ??= { ready: false, pending: [] });

/** Shows a toast at top-end for 5 s (spec section 8). */
export function showToast(message: string, kind: ToastKind = 'success'): void {
  const toasts = box();
  if (toasts.ready) {
    window.dispatchEvent(new CustomEvent<ToastRequest>(TOAST_EVENT, { detail: { message, kind } }));
    return;
  }
  toasts.pending.push({ message, kind });
  window.dispatchEvent(new Event(TOAST_WAKE_EVENT));
}

/** For the host: marks it ready and hands over what was asked before. */
export function takePendingToasts(): ToastRequest[] {
  const toasts = box();
  toasts.ready = true;
  return toasts.pending.splice(0);
}

const CARRIED_KEY = 'carried-toasts';

const carried = (): ToastRequest[] => {
  try {
    const list = JSON.parse(sessionStorage.getItem(CARRIED_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as ToastRequest[]).filter((t) => typeof t?.message === 'string').slice(0, 5) : [];
  } catch {
    return [];
  }
};

/**
 * A toast for a page that is about to navigate away (after sign-up, after a password reset): kept in this tab's
 * session storage and shown by the next page for its full 5 s, instead of flashing for a few milliseconds
 * before the redirect removes it (issue 19). Without storage it is shown here.
 */
export function showToastAfterNavigation(message: string, kind: ToastKind = 'success'): void {
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify([...carried(), { message, kind }]));
  } catch {
    showToast(message, kind);
  }
}

/** Every page start: shows, once, what the previous page of this tab carried over. */
export function showCarriedToasts(): void {
  const list = carried();
  if (!list.length) return;
  try {
    sessionStorage.removeItem(CARRIED_KEY);
  } catch {
    return;
  }
  for (const toast of list) showToast(toast.message, toast.kind === 'error' ? 'error' : 'success');
}
