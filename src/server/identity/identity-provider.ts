// What the server needs from an identity provider (Firebase Auth, real or emulated): verify the
// browser's ID token, read the accounts' own records, make the one-time codes of account emails,
// disable an account, seed demo accounts. Passed in as a dependency.

export interface VerifiedIdentity {
  uid: string;
  /** Lower-cased. */
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** When the user last signed in (not when the token was refreshed), seconds since epoch. */
  authTime: number;
}

/** The provider's own record of an account, which a token's claims must agree with. */
export interface IdentityRecord {
  uid: string;
  /** Lower-cased; null for an account without an email (a phone sign-in, say). */
  email: string | null;
  emailVerified: boolean;
  disabled: boolean;
  displayName: string | null;
  photoUrl: string | null;
  /**
   * Sign-ins before this moment no longer count (the password was reset, or every session was
   * revoked), as the provider judges its own tokens; null when that never happened.
   */
  tokensValidAfter: Date | null;
}

/** What a one-time code in an account email lets its reader do. */
export type AccountAction = 'verifyEmail' | 'resetPassword';

/** At most this many accounts per getUsers call (the provider's own bound). */
export const MAX_USERS_PER_LOOKUP = 100;

export interface IdentityProvider {
  /**
   * Throws IdentityTokenError for a bad, expired, revoked or forged token, or one of a disabled
   * or deleted account; IdentityUnavailableError when the provider cannot be reached.
   */
  verifyIdToken: (idToken: string) => Promise<VerifiedIdentity>;
  /** The account's record at the provider; null for an unknown uid. */
  getUser: (uid: string) => Promise<IdentityRecord | null>;
  /**
   * The records of up to MAX_USERS_PER_LOOKUP accounts in one call; an account the provider does
   * not know is simply not among them.
   */
  getUsers: (uids: readonly string[]) => Promise<IdentityRecord[]>;
  /**
   * A one-time code that verifies the address, or sets a new password, of the account with this
   * email when its reader hands it back to the provider; null when no enabled account has it.
   */
  accountActionCode: (action: AccountAction, email: string) => Promise<string | null>;
  /** Disables the account and revokes its refresh tokens; an unknown uid is left alone. */
  disableUser: (uid: string) => Promise<void>;
  /**
   * Creates the account, its email verified, if no account has this email; marks an existing one
   * verified (used to seed demo accounts).
   */
  ensureUser: (u: { email: string; password: string; displayName: string }) => Promise<{ uid: string }>;
  getUserByEmail: (email: string) => Promise<{ uid: string; disabled: boolean } | null>;
}

/** The token cannot be trusted or its account may no longer sign in: answer 401. */
export class IdentityTokenError extends Error {
  override name = 'IdentityTokenError';
}

/** The identity provider did not answer: answer 503, the token may well be fine. */
export class IdentityUnavailableError extends Error {
  override name = 'IdentityUnavailableError';
}
