import { createContext, useCallback, useContext, useRef, useState, type SubmitEvent } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { adminCall, type Side } from './admin-client.ts';
import type { ApiProblem } from '#lib/api-client.ts';
import { showToast, showToastAfterNavigation } from '#lib/toast-event.ts';
import { emptyState, formStateOf, type Errors, type FormState } from './form-state.ts';

/** One write to /api/admin: POST unless told otherwise; a FormData body goes as multipart. */
export interface DeskWrite {
  path: string;
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** This write's own toast, instead of the hook's `done`. */
  done?: string;
}

export interface DeskActionOptions<T> {
  locale: Locale;
  /** The seller portal's screens write to /api/seller (default: the desk's /api/admin). */
  side?: Side | undefined;
  /** The toast after a success (none when omitted). */
  done?: string | ((data: T) => string) | undefined;
  /**
   * The one refresh strategy: after a success the island re-reads what it shows (its `refresh`, through adminCall);
   * an island without one shows what its page drew, so the page is drawn again and the toast carried across.
   */
  refresh?: ((data: T) => void | Promise<void>) | undefined;
  /** A refusal's details for the island (e.g. a refused import's report), besides the state it becomes. */
  refused?: ((problem: ApiProblem) => void) | undefined;
}

export interface DeskAction<T> {
  /** Per-field messages (under the fields named like the API's), the lead message for a Notice, what was typed. */
  state: FormState;
  /** A write is in flight: its buttons are busy. */
  busy: boolean;
  /**
   * Sends the write (one at a time): a refusal becomes `state` (field errors and the lead message), a success the toast
   * and the refresh. Resolves the answer (`{ data }`), or null when refused (or another write was running).
   */
  run: (write: DeskWrite, values?: Record<string, string>) => Promise<{ data: T } | null>;
  /** A refusal found before asking the server (e.g. an amount that is not one). */
  refuse: (errors: Errors, values?: Record<string, string>, message?: string) => void;
  /** Forgets the last refusal. */
  reset: () => void;
  /** A form's submit handler: stops the native submit and hands the form's data to `handler`. */
  onSubmit: (handler: (form: FormData, element: HTMLFormElement) => unknown) => (event: SubmitEvent<HTMLFormElement>) => void;
}

/**
 * Which API an island's writes go to: the desk's (/api/admin, the default) or the seller portal's (/api/seller). A
 * seller island wraps the shared pieces (the product editor, its photos, the CSV import) in `DeskApi value="seller"`.
 */
export const DeskApi = createContext<Side>('admin');

/**
 * The only way a desk island writes (issue 33): submit → busy → the server's refusal as field errors and a Notice
 * (the API's `{message, messages, errors, code}`, read by adminCall) or a success toast → refresh.
 */
export function useDeskAction<T = unknown>({ locale, side, done, refresh, refused }: DeskActionOptions<T>): DeskAction<T> {
  const [state, setState] = useState<FormState>(emptyState);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  // An explicit `side` wins; else the island's DeskApi context (the shared editor inside a seller island).
  const fromContext = useContext(DeskApi);
  const writeSide = side ?? fromContext;

  const run = useCallback(
    async (write: DeskWrite, values?: Record<string, string>): Promise<{ data: T } | null> => {
      if (running.current) return null;
      running.current = true;
      setBusy(true);
      let reloading = false;
      try {
        const { path, method = 'POST', body } = write;
        const res = await adminCall<T>(locale, path, {
          method,
          side: writeSide,
          ...(body !== undefined ? { body } : {}),
        });
        if (!res.ok) {
          setState(formStateOf(res, values));
          if (res.problem) refused?.(res.problem);
          return null;
        }
        setState(emptyState);
        const data = res.body.data;
        const message = write.done ?? (typeof done === 'function' ? done(data) : done);
        if (refresh) {
          if (message) showToast(message, 'success');
          await refresh(data);
        } else {
          if (message) showToastAfterNavigation(message);
          reloading = true;
          window.location.reload();
        }
        return { data };
      } finally {
        running.current = false;
        if (!reloading) setBusy(false);
      }
    },
    [locale, done, refresh, refused, writeSide],
  );

  const refuse = useCallback(
    (errors: Errors, values?: Record<string, string>, message?: string) =>
      setState({ errors, ...(message ? { message } : {}), ...(values ? { values } : {}) }),
    [],
  );
  const reset = useCallback(() => setState(emptyState), []);
  const onSubmit = useCallback(
    (handler: (form: FormData, element: HTMLFormElement) => unknown) => (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      void handler(new FormData(event.currentTarget), event.currentTarget);
    },
    [],
  );
  return { state, busy, run, refuse, reset, onSubmit };
}
