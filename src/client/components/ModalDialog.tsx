// A modal dialog drawn over the page at the end of <body>: its title, a Close button, a backdrop
// that closes it, and the keyboard rules of a modal (focus moves in and back, Tab stays inside,
// Escape closes). What it asks is its children's business.
import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function ModalDialog({ title, onClose, children }: ModalDialogProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  useModalFocus(boxRef, onClose);

  return createPortal(
    <div className="modal modal-open modal-bottom sm:modal-middle">
      <div ref={boxRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="modal-box max-w-lg">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3" aria-label="Close" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </button>
        <h2 id={titleId} className="pr-10 text-xl font-bold">
          {title}
        </h2>
        {children}
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </div>,
    document.body,
  );
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus into the dialog when it opens (to its first field to fill), gives it back to what
 * had it when the dialog closes, keeps Tab inside the dialog and closes it on Escape. The keys are
 * heard on the whole document: a submit button disabled while its request runs drops the focus to
 * <body>, and the dialog must still answer them afterwards.
 */
function useModalFocus(boxRef: RefObject<HTMLDivElement | null>, onClose: () => void): void {
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    boxRef.current?.querySelector<HTMLElement>('input:not([readonly])')?.focus();
    return () => previouslyFocused?.focus();
  }, [boxRef]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab' && boxRef.current) {
      keepTabInside(boxRef.current, event);
    }
  });

  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function keepTabInside(box: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !box.contains(active);
  if (event.shiftKey && (outside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
