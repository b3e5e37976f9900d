// Turns the identity provider's verdict on a Firebase ID token, and its record of the account,
// into API errors.
import { TRPCError } from '@trpc/server';
import { messages } from '../../../shared/messages';
import {
  IdentityTokenError,
  IdentityUnavailableError,
  type IdentityProvider,
  type IdentityRecord,
  type VerifiedIdentity,
} from '../../identity/identity-provider';

export function verifySignIn(identity: IdentityProvider, idToken: string): Promise<VerifiedIdentity> {
  return translated(() => identity.verifyIdToken(idToken));
}

/** The provider's own record of the signed-in account; null when it has none. */
export function identityRecord(identity: IdentityProvider, uid: string): Promise<IdentityRecord | null> {
  return translated(() => identity.getUser(uid));
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityTokenError) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.identityTokenInvalid, cause: error });
    }
    if (error instanceof IdentityUnavailableError) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.identityUnavailable, cause: error });
    }
    throw error;
  }
}
