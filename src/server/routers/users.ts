// Accounts: the session exchange, the caller's own profile and role, the account emails
// (verification, password reset), and user management for admins.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { accountProfileSchema } from '../../shared/account';
import { createSessionSchema } from '../../shared/auth';
import { adminUsersInputSchema, auditLogInputSchema } from '../../shared/admin-lists';
import { ID_TOKEN_MAX_AGE_SECONDS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { userEmailSchema, userIdSchema } from '../../shared/users';
import { bookings, users } from '../db/schema';
import { identityRecord, verifySignIn } from '../domains/accounts/verify-sign-in';
import { makeAdmin } from '../domains/accounts/admins';
import { requestPasswordReset, sendVerificationEmail } from '../domains/accounts/account-emails';
import { accountForSignIn } from '../domains/accounts/sign-in';
import { updateAccountProfile } from '../domains/accounts/profile';
import { listAuditEvents, listUsers } from '../services/admin-lists';
import { recordAudit } from '../domains/audit/audit';
import { bookingColumns } from '../domains/orders/order-views';
import { cancelBooking } from '../domains/orders/cancellation';
import { endEverySession, endSession, startSession } from '../domains/accounts/sessions';
import { signInProfile } from '../domains/accounts/sign-in-profile';
import { adminProcedure, adminWriteProcedure, protectedProcedure, publicProcedure, router } from '../trpc';

const listed = isNull(users.removedAt);

/** Session exchanges spend a budget per client IP (guessing and replaying sign-ins). */
const sessionExchangeProcedure = publicProcedure.meta({ rateLimit: 'sessionExchange' });

/** Signing out writes too; it shares the per-IP budget of session changes with signing in. */
const sessionEndProcedure = protectedProcedure.meta({ rateLimit: 'sessionExchange' });

/** A customer's changes to their own profile, within their own budget. */
const profileUpdateProcedure = protectedProcedure.meta({ rateLimit: 'profileUpdate' });

/** A new verification email, within the customer's own budget. */
const verificationEmailProcedure = protectedProcedure.meta({ rateLimit: 'verificationEmail' });

/** Anyone may ask for a password reset; each client IP has a budget. */
const passwordResetProcedure = publicProcedure.meta({ rateLimit: 'passwordReset' });

export const usersRouter = router({
  /**
   * Exchanges a fresh Firebase sign-in for the server's own session token (DESIGN.md). The token's
   * claims are checked against the provider's own record of the account (one provider call per
   * exchange, which is rate limited): in emulator mode tokens are not signed, so a claim alone
   * proves nothing.
   */
  createSession: sessionExchangeProcedure.input(createSessionSchema).mutation(async ({ ctx, input }) => {
    const { db, identity, sessions, adminEmails } = ctx.deps;
    const email = input.email.toLowerCase();
    const signIn = await verifySignIn(identity, input.idToken);
    if (signIn.email !== email) throw new TRPCError({ code: 'FORBIDDEN', message: messages.tokenEmailMismatch });
    if (Date.now() / 1000 - signIn.authTime > ID_TOKEN_MAX_AGE_SECONDS) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.signInTooOld });
    }
    const record = await identityRecord(identity, signIn.uid);
    if (!record || record.disabled || record.email !== signIn.email) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.identityTokenInvalid });
    }
    const profile = signInProfile(record);
    const checked = { uid: record.uid, email: record.email, emailVerified: record.emailVerified };
    const userId = await accountForSignIn(db, checked, profile, adminEmails);
    // The provider's own sign-in time: a password reset after it ends the session (session-check.ts).
    return { token: await startSession(db, sessions, userId, new Date(signIn.authTime * 1000)) };
  }),

  /**
   * Mails the caller a new link that verifies their address (made when the email is sent, never
   * stored). Refused when the address is verified already; an address gets a few an hour at most.
   */
  sendVerificationEmail: verificationEmailProcedure.mutation(({ ctx }) => sendVerificationEmail(ctx.deps.db, ctx.user)),

  /**
   * Mails a link that sets a new password, when an account has the address. The answer is the same
   * whether or not one has, so nobody can use it to learn who shops here.
   */
  requestPasswordReset: passwordResetProcedure.input(userEmailSchema).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.deps.db, ctx.deps.identity, input.email.toLowerCase());
    return { requested: true };
  }),

  /** Ends the caller's session on the server: its token stops working at once. */
  signOut: sessionEndProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionId) await endSession(ctx.deps.db, ctx.sessionId);
    return { signedOut: true };
  }),

  /** Ends every session of the caller's account, on every device. */
  signOutEverywhere: sessionEndProcedure.mutation(async ({ ctx }) => {
    await endEverySession(ctx.deps.db, ctx.user.id);
    return { signedOut: true };
  }),

  /** Whether an account is an admin; customers may ask only about themselves. */
  isAdmin: protectedProcedure.input(userEmailSchema).query(async ({ ctx, input }) => {
    const email = input.email.toLowerCase();
    if (email === ctx.user.email) return { admin: ctx.user.role === 'admin' };
    if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: messages.adminOnly });
    const [user] = await ctx.deps.db
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.email, email), listed));
    return { admin: user?.role === 'admin' };
  }),

  /** The caller's own account, with the phone and address saved for the booking modal. */
  me: protectedProcedure.query(async ({ ctx }) => {
    const [contact] = await ctx.deps.db
      .select({ phone: users.phone, address: users.address })
      .from(users)
      .where(eq(users.id, ctx.user.id));
    return {
      _id: ctx.user.id,
      email: ctx.user.email,
      emailVerified: ctx.user.emailVerified,
      displayName: ctx.user.displayName,
      photoURL: ctx.user.photoUrl,
      role: ctx.user.role,
      phone: contact?.phone ?? null,
      address: contact?.address ?? null,
    };
  }),

  /**
   * Sets the caller's name, photo, phone and address; only their own account, whatever the input
   * says. From then on the shop's name and photo are the account's (docs/decisions/0020).
   */
  updateProfile: profileUpdateProcedure
    .input(accountProfileSchema)
    .mutation(({ ctx, input }) => updateAccountProfile(ctx.deps.db, ctx.user, input)),

  /** The accounts, in sign-up order, a page at a time, searched by email or name: never read whole. */
  list: adminProcedure.input(adminUsersInputSchema).query(({ ctx, input }) => listUsers(ctx.deps.db, input)),

  /** Makes an account admin; refused (409) while its email is not verified (services/account-admin.ts). */
  makeAdmin: adminWriteProcedure
    .input(userEmailSchema)
    .mutation(({ ctx, input }) => makeAdmin(ctx.deps.db, ctx.user, input.email.toLowerCase())),

  /** Removes an account: its sessions end at once, its sign-in is disabled, its unpaid orders released. */
  remove: adminWriteProcedure.input(userIdSchema).mutation(async ({ ctx, input }) => {
    const { db, identity, payments, log } = ctx.deps;
    if (input.id === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.cannotRemoveSelf });
    const removed = await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ removedAt: new Date() })
        .where(and(eq(users.id, input.id), listed))
        .returning({ id: users.id, email: users.email, firebaseUid: users.firebaseUid });
      if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: messages.userNotFound });
      // Its session rows stay until they expire: they now resolve to 'removed', so the browser can
      // say why it was signed out instead of calling the session expired.
      await recordAudit(tx, ctx.user, 'user.remove', user.email);
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
    return { deletedCount: 1 };
  }),

  /** Admin actions, newest first, a page at a time, searched by actor's email, action or subject. */
  auditLog: adminProcedure.input(auditLogInputSchema).query(({ ctx, input }) => listAuditEvents(ctx.deps.db, input)),
});
