// Asking for the account emails: a new verification link for the signed-in customer's own address,
// and a password reset for any address that has an account. Both are queued in the outbox and
// their one-time links made only when sent (domains/email/render-queued-email.ts). One address gets at most
// a few of each an hour, whoever asks and from however many addresses: the per-IP and per-user
// budgets alone would let a crowd of callers fill one stranger's inbox.
import { TRPCError } from '@trpc/server';
import type { AccountEmailKind } from '../../../shared/account-links';
import { messages } from '../../../shared/messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { IdentityUnavailableError, type IdentityProvider } from '../../identity/identity-provider';
import { accountEmailsQueuedSince, queueAccountEmail } from '../email/outbox';

/** Account emails of one kind that one address receives in an hour, at most. */
export const ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR = 5;

const HOUR_MS = 3_600_000;

/**
 * Queues the account email unless the address already had its hour's share. The count and the
 * insert are two statements: two requests at the same instant may both pass, so the bound can be
 * exceeded by the requests that race, which the per-IP and per-user budgets keep few.
 */
async function queueWithinHourlyShare(db: Database, kind: AccountEmailKind, recipient: string): Promise<boolean> {
  const queued = await accountEmailsQueuedSince(db, kind, recipient, new Date(Date.now() - HOUR_MS));
  if (queued >= ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR) return false;
  await queueAccountEmail(db, kind, recipient);
  return true;
}

/** A new verification email to the caller's address; refused when it is verified already. */
export async function sendVerificationEmail(db: Database, user: SessionUser): Promise<{ sentTo: string }> {
  if (user.emailVerified) throw new TRPCError({ code: 'CONFLICT', message: messages.emailAlreadyVerified });
  if (!(await queueWithinHourlyShare(db, 'verify_email', user.email))) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: messages.accountEmailsTooMany(user.email) });
  }
  return { sentTo: user.email };
}

/**
 * A password-reset email when an enabled account has the address at the identity provider (which
 * keeps the passwords). The caller learns nothing either way: an address without an account, or one
 * past its hour's share, is answered exactly as one that was sent a link.
 */
export async function requestPasswordReset(
  db: Database,
  identity: Pick<IdentityProvider, 'getUserByEmail'>,
  email: string,
): Promise<void> {
  let account: Awaited<ReturnType<IdentityProvider['getUserByEmail']>>;
  try {
    account = await identity.getUserByEmail(email);
  } catch (error) {
    if (error instanceof IdentityUnavailableError) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.identityUnavailable, cause: error });
    }
    throw error;
  }
  if (!account || account.disabled) return;
  await queueWithinHourlyShare(db, 'password_reset', email);
}
