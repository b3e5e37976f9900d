// useConfirm(): asks a yes/cancel question in an accessible modal dialog and resolves to the answer.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

type Confirm = (message: string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() must be used inside <ConfirmProvider>');
  return confirm;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((nextMessage) => {
    resolveRef.current?.(false);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
      setMessage(nextMessage);
    });
  }, []);

  const answer = useCallback((value: boolean) => {
    const resolve = resolveRef.current;
    resolveRef.current = null;
    setMessage(null);
    resolve?.(value);
  }, []);

  return (
    <ConfirmContext value={confirm}>
      {children}
      {message !== null && <ConfirmDialog message={message} onAnswer={answer} />}
    </ConfirmContext>
  );
}

function ConfirmDialog({ message, onAnswer }: { message: string; onAnswer: (value: boolean) => void }) {
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
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
    const next = document.activeElement === cancelRef.current ? yesRef.current : cancelRef.current;
    next?.focus();
  }

  return (
    <div className="modal modal-open" onKeyDown={onKeyDown}>
      <div role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} className="modal-box">
        <h2 id={titleId} className="text-lg font-semibold">
          Please confirm
        </h2>
        <p id={messageId} className="py-4">
          {message}
        </p>
        <div className="modal-action">
          <button ref={cancelRef} type="button" className="btn btn-ghost" onClick={() => onAnswer(false)}>
            Cancel
          </button>
          <button ref={yesRef} type="button" className="btn btn-error" onClick={() => onAnswer(true)}>
            Yes
          </button>
        </div>
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={() => onAnswer(false)} />
    </div>
  );
}
