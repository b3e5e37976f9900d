// Accounts: the session exchange, the caller's own profile and role, the account emails
// (verification, password reset), and user management for admins.
import { accountProfileSchema } from '../../shared/account';
import { adminUsersInputSchema, auditLogInputSchema } from '../../shared/admin-lists';
import { createSessionSchema } from '../../shared/auth';
import { userEmailSchema, userIdSchema } from '../../shared/users';
import { requestPasswordReset, sendVerificationEmail } from '../domains/accounts/account-emails';
import { makeAdmin } from '../domains/accounts/admins';
import { ownAccount, updateAccountProfile } from '../domains/accounts/profile';
import { removeAccount } from '../domains/accounts/removal';
import { exchangeSignIn } from '../domains/accounts/session-exchange';
import { endEverySession, endSession } from '../domains/accounts/sessions';
import { isAdmin, listUsers } from '../domains/accounts/user-list';
import { listAuditEvents } from '../domains/audit/audit-log';
import { adminProcedure, adminWriteProcedure, protectedProcedure, publicProcedure, router } from '../trpc';

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
  /** Exchanges a fresh Firebase sign-in for the server's own session token (DESIGN.md). */
  createSession: sessionExchangeProcedure
    .input(createSessionSchema)
    .mutation(async ({ ctx, input }) => ({ token: await exchangeSignIn(ctx.deps, input) })),

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
  isAdmin: protectedProcedure.input(userEmailSchema).query(({ ctx, input }) => isAdmin(ctx.deps.db, ctx.user, input.email)),

  /** The caller's own account, with the phone and address saved for the booking modal. */
  me: protectedProcedure.query(({ ctx }) => ownAccount(ctx.deps.db, ctx.user)),

  /**
   * Sets the caller's name, photo, phone and address; only their own account, whatever the input
   * says. From then on the shop's name and photo are the account's (docs/decisions/0020).
   */
  updateProfile: profileUpdateProcedure
    .input(accountProfileSchema)
    .mutation(({ ctx, input }) => updateAccountProfile(ctx.deps.db, ctx.user, input)),

  /** The accounts, in sign-up order, a page at a time, searched by email or name: never read whole. */
  list: adminProcedure.input(adminUsersInputSchema).query(({ ctx, input }) => listUsers(ctx.deps.db, input)),

  /** Makes an account admin; refused (409) while its email is not verified (domains/accounts/admins.ts). */
  makeAdmin: adminWriteProcedure
    .input(userEmailSchema)
    .mutation(({ ctx, input }) => makeAdmin(ctx.deps.db, ctx.user, input.email.toLowerCase())),

  /** Removes an account: its sessions end at once, its sign-in is disabled, its unpaid orders released. */
  remove: adminWriteProcedure.input(userIdSchema).mutation(async ({ ctx, input }) => {
    await removeAccount(ctx.deps, ctx.user, input.id);
    return { deletedCount: 1 };
  }),

  /** Admin actions, newest first, a page at a time, searched by actor's email, action or subject. */
  auditLog: adminProcedure.input(auditLogInputSchema).query(({ ctx, input }) => listAuditEvents(ctx.deps.db, input)),
});
