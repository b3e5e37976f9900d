// The address an email-and-password sign-up was just mailed its verification link at, so the shop
// can say so until the customer verifies, dismisses the notice or signs out. Kept for this browser
// tab (sessionStorage): the profile shows the verification state for good.
import { useSyncExternalStore } from 'react';

const KEY = 'signupVerificationNotice';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberSignupNotice(email: string): void {
  sessionStorage.setItem(KEY, email.toLowerCase());
  notify();
}

export function forgetSignupNotice(): void {
  sessionStorage.removeItem(KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The address the notice is for, or null; re-renders when it is remembered or forgotten. */
export function useSignupNotice(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
