// Turns the identity provider's verdict on a Firebase ID token into API errors.
import { TRPCError } from '@trpc/server';
import { messages } from '../../shared/messages';
import {
  IdentityTokenError,
  IdentityUnavailableError,
  type IdentityProvider,
  type VerifiedIdentity,
} from '../identity/identity-provider';

export async function verifySignIn(identity: IdentityProvider, idToken: string): Promise<VerifiedIdentity> {
  try {
    return await identity.verifyIdToken(idToken);
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
