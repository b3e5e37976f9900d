// useConfirm(): asks a question in an accessible modal dialog whose two buttons name what they do
// ("Keep order" / "Cancel order"), and resolves to whether the action was chosen.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface ConfirmQuestion {
  message: string;
  /** The button that goes ahead, e.g. "Cancel order". */
  actionLabel: string;
  /** The button that leaves things as they are, e.g. "Keep order"; it has the focus at first. */
  keepLabel: string;
  /** How the action button looks: red for what cannot be undone (the default), the primary colour otherwise. */
  tone?: 'danger' | 'primary';
}

type Confirm = (question: ConfirmQuestion) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() must be used inside <ConfirmProvider>');
  return confirm;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((nextQuestion) => {
    resolveRef.current?.(false);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
      setQuestion(nextQuestion);
    });
  }, []);

  const answer = useCallback((value: boolean) => {
    const resolve = resolveRef.current;
    resolveRef.current = null;
    setQuestion(null);
    resolve?.(value);
  }, []);

  return (
    <ConfirmContext value={confirm}>
      {children}
      {question !== null && <ConfirmDialog question={question} onAnswer={answer} />}
    </ConfirmContext>
  );
}

function ConfirmDialog({ question, onAnswer }: { question: ConfirmQuestion; onAnswer: (value: boolean) => void }) {
  const titleId = useId();
  const messageId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    keepRef.current?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onAnswer(false);
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the dialog: Tab and Shift+Tab move between its two buttons only.
    event.preventDefault();
    const next = document.activeElement === keepRef.current ? actionRef.current : keepRef.current;
    next?.focus();
  }

  return (
    <div className="modal modal-open" onKeyDown={onKeyDown}>
      <div role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} className="modal-box">
        <h2 id={titleId} className="text-lg font-semibold">
          Please confirm
        </h2>
        <p id={messageId} className="py-4">
          {question.message}
        </p>
        <div className="modal-action">
          <button ref={keepRef} type="button" className="btn btn-ghost" onClick={() => onAnswer(false)}>
            {question.keepLabel}
          </button>
          <button
            ref={actionRef}
            type="button"
            className={question.tone === 'primary' ? 'btn btn-primary' : 'btn btn-error'}
            onClick={() => onAnswer(true)}
          >
            {question.actionLabel}
          </button>
        </div>
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={() => onAnswer(false)} />
    </div>
  );
}
