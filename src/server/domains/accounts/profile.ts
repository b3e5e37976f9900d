// A customer's own account and profile: the name and photo the shop shows and the phone and address the booking
// modal starts from. The shop's row is the source of truth; once the customer sets a name or photo
// here, sign-ins stop copying the identity provider's over it (account-for-sign-in.ts).
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { AccountProfile } from '../../../shared/account';
import { messages } from '../../../shared/messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { recordAudit } from '../audit/audit';

/** Saves the caller's profile; a change of name or photo, which others see, goes into the audit log. */
export async function updateAccountProfile(db: Database, user: SessionUser, profile: AccountProfile): Promise<AccountProfile> {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(users)
      .set({ ...profile, profileEditedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.removedAt)))
      .returning({ id: users.id });
    if (!saved) throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.accountRemoved });
    const changed = [
      ...(user.displayName === profile.displayName ? [] : ['name']),
      ...(user.photoUrl === profile.photoUrl ? [] : ['photo']),
    ];
    if (changed.length > 0) await recordAudit(tx, user, 'user.profile_update', `${user.email}: ${changed.join(', ')}`);
    return profile;
  });
}

/** The caller's own account, with the phone and address saved for the booking modal. */
export async function ownAccount(db: Database, user: SessionUser) {
  const [contact] = await db
    .select({ phone: users.phone, address: users.address, companyName: users.companyName, vatId: users.vatId })
    .from(users)
    .where(eq(users.id, user.id));
  return {
    _id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoUrl,
    role: user.role,
    phone: contact?.phone ?? null,
    address: contact?.address ?? null,
    companyName: contact?.companyName ?? null,
    vatId: contact?.vatId ?? null,
  };
}
