/** Event name React-free scripts dispatch on window (detail: the message) for the layout's ToastHost to show. */
export const TOAST_EVENT = 'app:toast';

/** A success toast from a script that does not load sonner itself (see ToastHost). */
export function showToast(message: string): void {
  window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: message }));
}
