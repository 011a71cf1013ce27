import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

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

function ConfirmDialog({ question, onAnswer }: { question: Question; onAnswer: (yes: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.returnValue = '';
    dialog.showModal();
    keep.current?.focus();
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={question.text ? `${id}-text` : undefined}
      // Escape and both buttons end here; only the destructive button sets the return value.
      onClose={(e) => onAnswer(e.currentTarget.returnValue === 'confirm')}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl bg-white p-5 text-roast-900 shadow-xl backdrop:bg-black/50"
      data-confirm
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {question.title}
      </h2>
      {question.text && (
        <p id={`${id}-text`} className="mt-2 text-sm text-roast-700">
          {question.text}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button
          ref={keep}
          type="button"
          onClick={() => ref.current?.close('keep')}
          className="rounded-full border border-roast-300 px-5 py-2 font-semibold"
        >
          {question.keep}
        </button>
        <button
          type="button"
          onClick={() => ref.current?.close('confirm')}
          className="rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800"
        >
          {question.confirm}
        </button>
      </div>
    </dialog>
  );
}
