// A visitor's cart, kept in localStorage (LOCAL_CART_KEY) until they sign in: read back through the
// shared schema, so a corrupt or tampered value is an empty cart, and shared by every tab.
import { useSyncExternalStore } from 'react';
import { readStoredCart, type CartLine, type StoredCart } from '../../shared/cart-lines';
import { LOCAL_CART_KEY } from '../../shared/constants';

const listeners = new Set<() => void>();
const NO_LINES: readonly CartLine[] = [];

/** The last text read and its lines, so that a render reads the same array until the text changes. */
let lastRead: { stored: string | null; lines: readonly CartLine[] } = { stored: null, lines: NO_LINES };

function storedText(): string | null {
  try {
    return localStorage.getItem(LOCAL_CART_KEY);
  } catch {
    return null;
  }
}

export function getLocalCartLines(): readonly CartLine[] {
  const stored = storedText();
  if (stored !== lastRead.stored) lastRead = { stored, lines: stored === null ? NO_LINES : readStoredCart(stored) };
  return lastRead.lines;
}

export function setLocalCartLines(lines: readonly CartLine[]): void {
  const cart: StoredCart = { lines: [...lines] };
  try {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(cart));
  } catch {
    // Storage full or refused (private mode): the cart stays as it was, which the page shows.
  }
  for (const listener of listeners) listener();
}

export function clearLocalCart(): void {
  try {
    localStorage.removeItem(LOCAL_CART_KEY);
  } catch {
    // Nothing could be stored either, so nothing is left behind.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's lines, re-rendering when they change (in this tab or another). */
export function useLocalCartLines(): readonly CartLine[] {
  return useSyncExternalStore(subscribe, getLocalCartLines, () => NO_LINES);
}
