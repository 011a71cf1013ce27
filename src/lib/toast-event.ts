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
/** Session-storage key of toasts carried to the next page; shell.ts spells it too (no import: it ships on every page). */
export const CARRIED_TOASTS_KEY = 'carried-toasts';

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
  return [...takeCarried(), ...toasts.pending.splice(0)];
}

/**
 * A toast for a page that is about to navigate away (after sign-up, after a password reset): kept in this tab's
 * session storage and shown by the next page for its full 5 s, instead of flashing for a few milliseconds before
 * the redirect removes it (issue 19). The next page's shell script wakes the toast host when the key is there
 * (src/scripts/shell.ts), and the host takes them with the pending ones. Without storage it is shown here.
 */
export function showToastAfterNavigation(message: string, kind: ToastKind = 'success'): void {
  try {
    sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify([...takeCarried(false), { message, kind }]));
  } catch {
    showToast(message, kind);
  }
}

/** What the previous page of this tab carried over (removed from storage when `take`). */
function takeCarried(take = true): ToastRequest[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(CARRIED_TOASTS_KEY) ?? '[]') as unknown;
    if (take) sessionStorage.removeItem(CARRIED_TOASTS_KEY);
    return Array.isArray(list)
      ? (list as ToastRequest[])
          .filter((t) => typeof t?.message === 'string')
          .map((t): ToastRequest => ({ message: t.message, kind: t.kind === 'error' ? 'error' : 'success' }))
          .slice(0, 5)
      : [];
  } catch {
    return [];
  }
}
