import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from './Button.tsx';
import { FormActions } from './FormActions.tsx';

/** What a confirmation asks: a question, an optional consequence, the destructive and the safe answer. */
export interface Question {
  title: ReactNode;
  text?: ReactNode;
  confirm: string;
  keep: string;
}

interface Pending extends Question {
  answer: (yes: boolean) => void;
}

/**
 * Asks before a destructive action (issue 20). The native modal <dialog> gives a focus trap, Escape and an inert page
 * for free; focus starts on the safe answer, so a stray Enter keeps what the shopper has. `ask` resolves true only
 * when the destructive answer was chosen; render `dialog` once in the island.
 */
export function useConfirm(): { ask: (question: Question) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback((question: Question) => new Promise<boolean>((answer) => setPending({ ...question, answer })), []);
  const dialog = pending ? (
    <ConfirmDialog
      question={pending}
      onAnswer={(yes) => {
        setPending(null);
        pending.answer(yes);
      }}
    />
  ) : null;
  return { ask, dialog };
}

/**
 * The kit's modal dialog (issue 33): the native modal <dialog> gives a focus trap, Escape and an inert page. It opens
 * when drawn and calls `onClose` however it closes (Escape, a button calling `close`, the island removing it); the
 * close value says which button closed it. Render it only while it is open.
 */
export function Dialog({
  title,
  text,
  role,
  onClose,
  children,
  initialFocus,
  size = 'sm',
  ...data
}: {
  title: ReactNode;
  text?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  onClose: (returnValue: string) => void;
  children: (close: (value?: string) => void) => ReactNode;
  /** What takes the focus when it opens (else the first control). */
  initialFocus?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md';
} & Record<`data-${string}`, string | boolean | undefined>) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.returnValue = '';
    dialog.showModal();
    initialFocus?.current?.focus();
    return () => dialog.close();
    // Opens once, when drawn.
  }, []);
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={text ? `${id}-text` : undefined}
      onClose={(e) => onClose(e.currentTarget.returnValue)}
      className={`m-auto w-[calc(100%-2rem)] ${size === 'md' ? 'max-w-md' : 'max-w-sm'} rounded-xl bg-white p-5 text-roast-900 shadow-xl backdrop:bg-black/50`}
      {...data}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {text && (
        <p id={`${id}-text`} className="mt-2 text-sm text-roast-700">
          {text}
        </p>
      )}
      {children((value) => ref.current?.close(value))}
    </dialog>
  );
}

/** Asks: the safe answer has the focus; only the destructive answer sets the return value 'confirm'. */
function ConfirmDialog({ question, onAnswer }: { question: Question; onAnswer: (yes: boolean) => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={question.title}
      text={question.text}
      initialFocus={keep}
      onClose={(value) => onAnswer(value === 'confirm')}
      data-confirm
    >
      {(close) => (
        <FormActions className="mt-5 justify-end">
          <Button ref={keep} variant="secondary" onClick={() => close('keep')}>
            {question.keep}
          </Button>
          <Button variant="danger" onClick={() => close('confirm')}>
            {question.confirm}
          </Button>
        </FormActions>
      )}
    </Dialog>
  );
}
