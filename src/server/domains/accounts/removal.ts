// Removing an account, by an admin: its sessions stop working at once, its saved bikes are deleted,
// its unpaid orders release their stock, and its sign-in is disabled at the identity provider.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../shared/messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bikes, bookings, users } from '../../db/schema';
import type { IdentityProvider } from '../../identity/identity-provider';
import type { PaymentsGateway } from '../../payments/payments-gateway';
import { recordAudit } from '../audit/audit';
import { cancelBooking } from '../orders/cancellation';
import { bookingColumns } from '../orders/order-views';

export interface RemovalDeps {
  db: Database;
  identity: IdentityProvider;
  payments: PaymentsGateway;
  log: FastifyBaseLogger;
}

/**
 * Marks the account removed (audited); its session rows stay until they expire, resolving to
 * 'removed' so the browser can say why it was signed out. What follows the commit is best effort,
 * logged when it fails: releasing each unpaid order, disabling the provider's account.
 */
export async function removeAccount(deps: RemovalDeps, admin: SessionUser, id: string): Promise<void> {
  const { db, identity, payments, log } = deps;
  if (id === admin.id) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.cannotRemoveSelf });
  const removed = await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ removedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.removedAt)))
      .returning({ id: users.id, email: users.email, firebaseUid: users.firebaseUid });
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: messages.userNotFound });
    // A removed customer's bikes are nobody's business any more; their orders stay for the books.
    await tx.delete(bikes).where(eq(bikes.userId, user.id));
    await recordAudit(tx, admin, 'user.remove', user.email);
    return user;
  });
  const unpaid = await db
    .select(bookingColumns)
    .from(bookings)
    .where(and(eq(bookings.userId, removed.id), eq(bookings.status, 'unpaid')));
  for (const booking of unpaid) {
    try {
      await cancelBooking(db, payments, booking, { reason: 'account_removed' });
    } catch (error) {
      log.warn({ err: error, bookingId: booking.id }, 'could not release an order of a removed user');
    }
  }
  // The sessions are already dead; a failure here only leaves the Firebase account enabled.
  if (removed.firebaseUid) {
    await identity.disableUser(removed.firebaseUid).catch((error: unknown) => {
      log.warn({ err: error, userId: removed.id }, 'could not disable the removed user at the identity provider');
    });
  }
}
