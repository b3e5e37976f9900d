// Turns a failed sign-in (Firebase error code or server refusal) into a sentence for the form; null
// when the visitor just cancelled. A Firebase code without a sentence of its own is never shown raw.
import { messages } from '../../shared/messages';

const CANCELLED_CODES = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/invalid-login-credentials': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/user-not-found': 'The email or password is incorrect.',
  'auth/invalid-email': messages.emailInvalid,
  'auth/email-already-in-use': 'An account with this email already exists. Please log in instead.',
  'auth/weak-password': 'Please choose a stronger password.',
  'auth/user-disabled': messages.accountRemoved,
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-blocked': 'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/account-exists-with-different-credential':
    'This email is already registered with another sign-in method. Please use that one.',
};

// Google's popup first loads Google's script (apis.google.com), even against the Auth emulator;
// without a connection that load fails, which Firebase reports as one of these.
const GOOGLE_OFFLINE_CODES = new Set(['auth/internal-error', 'auth/network-request-failed']);

export type SignInMethod = 'password' | 'google';

function firebaseCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined;
}

export function signInErrorMessage(error: unknown, method: SignInMethod): string | null {
  const code = firebaseCode(error);
  if (code && CANCELLED_CODES.has(code)) return null;
  if (code && method === 'google' && GOOGLE_OFFLINE_CODES.has(code)) return messages.googleNeedsConnection;
  if (code) return FIREBASE_MESSAGES[code] ?? messages.identityUnavailable;
  if (error instanceof Error && error.message) return error.message;
  return messages.identityUnavailable;
}
