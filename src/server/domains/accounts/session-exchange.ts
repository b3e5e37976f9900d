// The session exchange (DESIGN.md "Identity and sessions"): a fresh Firebase sign-in becomes the
// shop's own session token. The token's claims are checked against the provider's own record of the
// account (one provider call per exchange, which is rate limited): in emulator mode tokens are not
// signed, so a claim alone proves nothing. The provider's verdicts become API errors here.
import { TRPCError } from '@trpc/server';
import { ID_TOKEN_MAX_AGE_SECONDS } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { SessionTokens } from '../../auth/session-tokens';
import type { Database } from '../../db/database';
import {
  IdentityTokenError,
  IdentityUnavailableError,
  type IdentityProvider,
  type IdentityRecord,
  type VerifiedIdentity,
} from '../../identity/identity-provider';
import { startSession } from './sessions';
import { accountForSignIn } from './sign-in';
import { signInProfile } from './sign-in-profile';

export interface SessionExchangeDeps {
  db: Database;
  identity: IdentityProvider;
  sessions: SessionTokens;
  /** Accounts that are admins by configuration (ADMIN_EMAILS), lower-cased. */
  adminEmails: ReadonlySet<string>;
}

/**
 * The session token for a sign-in no older than ID_TOKEN_MAX_AGE_SECONDS, whose email is the one the
 * caller names and whose account the provider still has, enabled, under that email.
 */
export async function exchangeSignIn(deps: SessionExchangeDeps, request: { email: string; idToken: string }): Promise<string> {
  const { db, identity, sessions, adminEmails } = deps;
  const email = request.email.toLowerCase();
  const signIn = await verifySignIn(identity, request.idToken);
  if (signIn.email !== email) throw new TRPCError({ code: 'FORBIDDEN', message: messages.tokenEmailMismatch });
  if (Date.now() / 1000 - signIn.authTime > ID_TOKEN_MAX_AGE_SECONDS) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.signInTooOld });
  }
  const record = await identityRecord(identity, signIn.uid);
  if (!record || record.disabled || record.email !== signIn.email) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.identityTokenInvalid });
  }
  const checked = { uid: record.uid, email: record.email, emailVerified: record.emailVerified };
  const userId = await accountForSignIn(db, checked, signInProfile(record), adminEmails);
  // The provider's own sign-in time: a password reset after it ends the session (session-check.ts).
  return startSession(db, sessions, userId, new Date(signIn.authTime * 1000));
}

function verifySignIn(identity: IdentityProvider, idToken: string): Promise<VerifiedIdentity> {
  return translated(() => identity.verifyIdToken(idToken));
}

/** The provider's own record of the signed-in account; null when it has none. */
function identityRecord(identity: IdentityProvider, uid: string): Promise<IdentityRecord | null> {
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
