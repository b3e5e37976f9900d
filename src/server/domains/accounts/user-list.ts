// The accounts as admins look them up: Make Admin's pages, searched by the start of an email or a
// name (docs/decisions/0024), each with whether it can be made admin; and whether one is an admin.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { keysetPage, startsWith } from '../../db/pages';
import { users } from '../../db/schema';
import { adminEligibility } from './admins';

export interface UserListRequest {
  q: string;
  limit: number;
  cursor?: string | undefined;
}

const notRemoved = isNull(users.removedAt);

/** The accounts not removed, in sign-up order, whose email or name starts with the search. */
export async function listUsers(db: Database, request: UserListRequest) {
  const rows = await db
    .select({
      seq: users.seq,
      id: users.id,
      email: users.email,
      role: users.role,
      displayName: users.displayName,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(
      and(
        notRemoved,
        request.q ? or(startsWith(users.email, request.q), startsWith(users.displayName, request.q)) : undefined,
        request.cursor ? gt(users.seq, Number(request.cursor)) : undefined,
      ),
    )
    .orderBy(asc(users.seq))
    .limit(request.limit + 1);
  return keysetPage(rows, request.limit, ({ seq: _seq, id, emailVerified, ...user }) => ({
    _id: id,
    ...user,
    adminEligibility: adminEligibility({ role: user.role, emailVerified }),
  }));
}

/** Whether the account with this email is an admin; customers may ask only about themselves. */
export async function isAdmin(db: Database, caller: SessionUser, email: string): Promise<{ admin: boolean }> {
  const asked = email.toLowerCase();
  if (asked === caller.email) return { admin: caller.role === 'admin' };
  if (caller.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: messages.adminOnly });
  const [user] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.email, asked), notRemoved));
  return { admin: user?.role === 'admin' };
}
