// What the pages an account email links to make of the link: its one-time code, and a sentence for
// a code the identity provider refused.
import { useSearchParams } from 'react-router-dom';
import { signInErrorMessage } from '../../auth/sign-in-error-message';

/** The provider's answers for a code that is spent, expired, or not one it made. */
const REFUSED_CODES = new Set(['auth/invalid-action-code', 'auth/expired-action-code', 'auth/user-not-found', 'auth/user-disabled']);

/** The link's one-time code (?code=), or null when the link was cut short. */
export function useOneTimeCode(): string | null {
  const [params] = useSearchParams();
  return params.get('code') || null;
}

/** `refused` when the provider would not take the code; otherwise the reason, said as at sign-in. */
export function linkFailureMessage(error: unknown, refused: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && REFUSED_CODES.has(code)) return refused;
  return signInErrorMessage(error, 'password') ?? refused;
}
