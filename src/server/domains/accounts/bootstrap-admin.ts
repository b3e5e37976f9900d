// The first admin of a new deployment (`npm run bootstrap`): the shop account of a person who has
// signed up at the identity provider with an email it says is verified, bound to their uid (as a
// sign-in would bind it, docs/decisions/0009), made admin and audited. Running it again changes
// nothing; anything that would hand an account to the wrong person is refused in one sentence.
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import type { IdentityProvider } from '../../identity/identity-provider';
import { recordAudit } from '../audit/audit';

/** Who the audit trail names as having made the admin: the operator's command, not a shop account. */
export const BOOTSTRAP_ACTOR = 'npm run bootstrap';

export type BootstrapOutcome = 'created' | 'promoted' | 'unchanged';

/** The command cannot make this admin; the message says why and what to do, in one sentence. */
export class BootstrapRefusal extends Error {
  // Stryker disable next-line StringLiteral: the name only labels stack traces; the command prints the message
  override name = 'BootstrapRefusal';
}

export async function bootstrapAdmin(
  db: Database,
  identity: Pick<IdentityProvider, 'getUserByEmail' | 'getUser'>,
  rawEmail: string,
): Promise<{ userId: string; outcome: BootstrapOutcome }> {
  const email = rawEmail.trim().toLowerCase();
  const found = await identity.getUserByEmail(email);
  const record = found && (await identity.getUser(found.uid));
  if (!record) {
    throw new BootstrapRefusal(
      `There is no account for ${email} at the identity provider: sign up with it on the shop first, then run this again.`,
    );
  }
  if (record.disabled) throw new BootstrapRefusal(`The account of ${email} is disabled at the identity provider: enable it first.`);
  // Stryker disable next-line ConditionalExpression: the record was found by this address, so it holds it; checked in case a provider differs
  if (!record.emailVerified || record.email !== email) {
    throw new BootstrapRefusal(
      `The email ${email} is not verified at the identity provider: verify it (the shop's profile page sends the link), then run this again.`,
    );
  }
  const uid = record.uid;
  const removed = () => new BootstrapRefusal(`The shop account of ${email} was removed by an admin, so it cannot be made admin.`);
  const taken = () =>
    new BootstrapRefusal(`The address ${email} belongs to the shop account of another sign-in, so it cannot be given to this one.`);

  return db.transaction(async (tx) => {
    const [bound] = await tx
      .select({ id: users.id, email: users.email, role: users.role, emailVerified: users.emailVerified, removedAt: users.removedAt })
      .from(users)
      .where(eq(users.firebaseUid, uid))
      .for('update');
    if (bound) {
      if (bound.removedAt) throw removed();
      if (bound.role === 'admin' && bound.emailVerified && bound.email === email) return { userId: bound.id, outcome: 'unchanged' };
      // The address changed at the provider since the last sign-in: the account follows it.
      // Stryker disable ObjectLiteral: whether another account holds the address is all this reads
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, bound.id)));
      // Stryker restore ObjectLiteral
      if (holder) throw taken();
      await tx.update(users).set({ email, emailVerified: true, role: 'admin' }).where(eq(users.id, bound.id));
      await recordAudit(tx, { id: null, email: BOOTSTRAP_ACTOR }, 'user.make_admin', email);
      return { userId: bound.id, outcome: 'promoted' };
    }

    const [byEmail] = await tx
      .select({ id: users.id, firebaseUid: users.firebaseUid, removedAt: users.removedAt })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (byEmail) {
      if (byEmail.firebaseUid !== null) throw taken();
      if (byEmail.removedAt) throw removed();
      // An account from before accounts were bound (seeded, older rows): its verified owner's.
      await tx.update(users).set({ firebaseUid: uid, emailVerified: true, role: 'admin' }).where(eq(users.id, byEmail.id));
      await recordAudit(tx, { id: null, email: BOOTSTRAP_ACTOR }, 'user.make_admin', email);
      return { userId: byEmail.id, outcome: 'promoted' };
    }

    const [created] = await tx
      .insert(users)
      .values({ email, firebaseUid: uid, emailVerified: true, role: 'admin', displayName: record.displayName })
      .returning({ id: users.id });
    // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
    if (!created) throw new Error(`could not create the account of ${email}`);
    await recordAudit(tx, { id: null, email: BOOTSTRAP_ACTOR }, 'user.make_admin', email);
    return { userId: created.id, outcome: 'created' };
  });
}
