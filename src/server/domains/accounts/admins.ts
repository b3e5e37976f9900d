// Making a customer an admin, and the one rule of who may become one (docs/decisions/0009): an
// account whose email the identity provider has verified. Anyone can sign up with an address that
// is not theirs, so an admin must not promote an address nobody has proven to own. The admins'
// user list shows the same verdict (admin-lists.ts), so the page can say why before anyone tries.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Role } from '../../../shared/users';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { recordAudit } from '../audit/audit';

/** Whether an account can be made admin: it can, it is one already, or why it cannot yet. */
export type AdminEligibility = 'eligible' | 'admin' | 'emailNotVerified';

export function adminEligibility(account: { role: Role; emailVerified: boolean }): AdminEligibility {
  if (account.role === 'admin') return 'admin';
  return account.emailVerified ? 'eligible' : 'emailNotVerified';
}

/** Makes the listed account with this email an admin, audited; answers how many accounts changed (0 or 1). */
export async function makeAdmin(db: Database, actor: SessionUser, email: string): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.removedAt)))
      .for('update');
    if (!existing) throw new TRPCError({ code: 'NOT_FOUND', message: messages.userNotFound });
    if (adminEligibility(existing) === 'emailNotVerified') {
      throw new TRPCError({ code: 'CONFLICT', message: messages.adminNeedsVerifiedEmail });
    }
    const changed = await tx
      .update(users)
      .set({ role: 'admin' })
      .where(and(eq(users.id, existing.id), ne(users.role, 'admin')))
      .returning({ id: users.id });
    if (changed.length > 0) await recordAudit(tx, actor, 'user.make_admin', email);
    return { modifiedCount: changed.length };
  });
}
