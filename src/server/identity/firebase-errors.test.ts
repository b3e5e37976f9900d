// How firebase-admin's errors map onto "bad token" and "provider unavailable", including the
// real-Firebase-only case of Google's public keys failing to download.
import { describe, expect, it } from 'vitest';
import { translateTokenVerificationError, translateUnavailable } from './firebase-errors';
import { IdentityTokenError, IdentityUnavailableError } from './identity-provider';

function firebaseError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('translateTokenVerificationError', () => {
  it('turns every reason to refuse a token into IdentityTokenError, keeping the cause', () => {
    const refusals = ['auth/argument-error', 'auth/id-token-expired', 'auth/id-token-revoked', 'auth/user-disabled'];
    for (const code of refusals) {
      const original = firebaseError(code, 'no');
      const translated = translateTokenVerificationError(original);
      expect(translated).toBeInstanceOf(IdentityTokenError);
      expect((translated as Error).cause).toBe(original);
    }
  });

  it('reports public keys that could not be downloaded as unavailable, not as a bad token', () => {
    const keyFetchFailure = firebaseError(
      'auth/argument-error',
      'Error while making request: getaddrinfo ENOTFOUND www.googleapis.com. Error code: ENOTFOUND',
    );
    expect(translateTokenVerificationError(keyFetchFailure)).toBeInstanceOf(IdentityUnavailableError);
  });

  it('reports network failures as unavailable', () => {
    const refused = firebaseError('app/network-error', 'Error while making request: ECONNREFUSED');
    expect(translateTokenVerificationError(refused)).toBeInstanceOf(IdentityUnavailableError);
  });

  it("reports the provider's own quota refusing us as unavailable (a 503), not as the caller's fault", () => {
    const overQuota = firebaseError('auth/quota-exceeded', 'The project quota has been exceeded.');
    expect(translateTokenVerificationError(overQuota)).toBeInstanceOf(IdentityUnavailableError);
    expect(translateUnavailable(overQuota)).toBeInstanceOf(IdentityUnavailableError);
  });
});

describe('translateUnavailable', () => {
  it('leaves errors that are not about reaching the provider as they are', () => {
    const notFound = firebaseError('auth/user-not-found', 'no user');
    expect(translateUnavailable(notFound)).toBe(notFound);
    const expired = firebaseError('auth/id-token-expired', 'old');
    expect(translateUnavailable(expired)).toBe(expired);
  });
});
