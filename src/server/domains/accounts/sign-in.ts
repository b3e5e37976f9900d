// Which shop account a checked sign-in opens: the one bound to the identity provider's user id,
// never one found by email alone. An address that already belongs to another account is refused
// (and audited), so a freed or re-registered address never hands over orders, data or a role. A
// new account whose address is not verified is mailed its verification link, in the transaction
// that opens it.
import { TRPCError } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { queueAccountEmail } from '../email/outbox';
import type { SignInProfile } from './sign-in-profile';

/** The sign-in as the identity provider's own record states it (not as the token claims it). */
export interface CheckedIdentity {
  uid: string;
  /** Lower-cased. */
  email: string;
  emailVerified: boolean;
}

type Refusal = 'removed' | 'taken' | 'unverified';
type Outcome = { userId: string } | { refused: Refusal };

const refusalMessages: Record<Refusal, string> = {
  removed: messages.accountRemoved,
  taken: messages.emailTakenByAnotherSignIn,
  unverified: messages.verifyEmailToClaimAccount,
};

/**
 * The account's id, after bringing its email, verification, profile and configured role up to date.
 * ADMIN_EMAILS makes an account admin only while the provider says its email is verified.
 */
export async function accountForSignIn(
  db: Database,
  identity: CheckedIdentity,
  profile: SignInProfile,
  adminEmails: ReadonlySet<string>,
): Promise<string> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [bound] = await tx
      .select({ id: users.id, email: users.email, removedAt: users.removedAt, profileEditedAt: users.profileEditedAt })
      .from(users)
      .where(eq(users.firebaseUid, identity.uid))
      .for('update');
    if (bound) {
      if (bound.removedAt) return { refused: 'removed' };
      // The address changed at the provider: the account follows it, unless another account holds it.
      // Stryker disable ConditionalExpression,ArrayDeclaration,ObjectLiteral: an unchanged address spares a read that would find only this account; whether another account holds it is all the read tells
      const [holder] =
        bound.email === identity.email
          ? []
          : await tx
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.email, identity.email), ne(users.id, bound.id)));
      // Stryker restore ConditionalExpression,ArrayDeclaration,ObjectLiteral
      const email = holder ? bound.email : identity.email;
      await tx
        .update(users)
        // A name or photo the customer set in the shop is theirs: the provider's record may be older.
        .set({ ...accountFields(identity, bound.profileEditedAt ? null : profile, adminEmails, email), email })
        .where(eq(users.id, bound.id));
      return { userId: bound.id };
    }

    const [byEmail] = await tx
      .select({ id: users.id, firebaseUid: users.firebaseUid, removedAt: users.removedAt })
      .from(users)
      .where(eq(users.email, identity.email))
      .for('update');
    if (!byEmail) {
      const [created] = await tx
        .insert(users)
        .values({ email: identity.email, firebaseUid: identity.uid, ...accountFields(identity, profile, adminEmails, identity.email) })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // Another sign-in took the address or the identity a moment ago: this one is the second.
      if (!created) return { refused: 'taken' };
      if (!identity.emailVerified) await queueAccountEmail(tx, 'verify_email', identity.email);
      return { userId: created.id };
    }
    if (byEmail.firebaseUid !== null) return { refused: 'taken' };
    if (byEmail.removedAt) return { refused: 'removed' };
    // An account from before accounts were bound (seeded, or older rows): only its address's
    // verified owner may claim it.
    if (!identity.emailVerified) return { refused: 'unverified' };
    await tx
      .update(users)
      .set({ firebaseUid: identity.uid, ...accountFields(identity, profile, adminEmails, identity.email) })
      .where(eq(users.id, byEmail.id));
    return { userId: byEmail.id };
  });

  if ('userId' in outcome) return outcome.userId;
  // Someone claimed an address that belongs to an account; a removed account's own sign-in is not news.
  if (outcome.refused !== 'removed') {
    const subject = `identity ${identity.uid}: ${outcome.refused}`;
    await recordAudit(db, { id: null, email: identity.email }, 'user.sign_in_refused', subject);
  }
  throw new TRPCError({ code: 'FORBIDDEN', message: refusalMessages[outcome.refused] });
}

/**
 * What every sign-in refreshes; the role only ever rises here, and only for a verified configured
 * admin. The name and photo are left alone when `profile` is null (the customer set their own).
 */
function accountFields(identity: CheckedIdentity, profile: SignInProfile | null, adminEmails: ReadonlySet<string>, email: string) {
  const verified = identity.emailVerified && email === identity.email;
  return {
    emailVerified: verified,
    ...(profile && profile.displayName !== null ? { displayName: profile.displayName } : {}),
    ...(profile ? { photoUrl: profile.photoUrl } : {}),
    ...(verified && adminEmails.has(email) ? { role: 'admin' as const } : {}),
  };
}
