// Turns firebase-admin's errors into the two failures the server tells apart: a token (or its
// account) that may not sign in, and an identity provider that did not answer.
import { IdentityTokenError, IdentityUnavailableError } from './identity-provider';

// The request never got an answer, the service failed, or it refused us for its own quota.
const UNAVAILABLE_CODES = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error', 'auth/quota-exceeded']);

// This token, or its account, may not sign in.
const TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
]);

// firebase-admin reports a failure to download Google's public keys (real Firebase Auth only) as
// 'auth/argument-error', like a malformed token; only its message tells the two apart.
const KEY_FETCH_FAILURE = /^(Error while making request|Error fetching public keys)/;

export function firebaseErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** For any call: network failures become IdentityUnavailableError, the rest is unchanged. */
export function translateUnavailable(error: unknown): unknown {
  const code = firebaseErrorCode(error);
  if (code !== undefined && UNAVAILABLE_CODES.has(code)) {
    return new IdentityUnavailableError(`Firebase Auth is unavailable: ${messageOf(error)}`, {
      cause: error,
    });
  }
  return error;
}

/** For token verification: also every reason to refuse the token becomes IdentityTokenError. */
export function translateTokenVerificationError(error: unknown): unknown {
  const code = firebaseErrorCode(error);
  if (code === 'auth/argument-error' && KEY_FETCH_FAILURE.test(messageOf(error))) {
    return new IdentityUnavailableError(`Firebase Auth is unavailable: ${messageOf(error)}`, {
      cause: error,
    });
  }
  if (code !== undefined && TOKEN_CODES.has(code)) {
    return new IdentityTokenError(messageOf(error), { cause: error });
  }
  return translateUnavailable(error);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
