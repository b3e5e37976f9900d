// Whether an order's hold has ended, drawn again at the deadline itself: a payment page left open
// stops offering the card form once the parts are no longer held, not only after a reload.
import { useEffect, useReducer } from 'react';
import { holdHasEnded } from './held-until';

export function useHoldEnded(heldUntil: string): boolean {
  const [, redraw] = useReducer((draws: number) => draws + 1, 0);
  useEffect(() => {
    const remainingMs = new Date(heldUntil).getTime() - Date.now();
    if (remainingMs <= 0) return undefined;
    const timer = setTimeout(redraw, remainingMs);
    return () => clearTimeout(timer);
  }, [heldUntil]);
  return holdHasEnded(heldUntil);
}
