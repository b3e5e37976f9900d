// What the server needs from an identity provider (Firebase Auth, real or emulated): verify the
// browser's ID token, read the account's own record, disable an account, seed demo accounts.
// Passed in as a dependency.

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
}

export interface IdentityProvider {
  /**
   * Throws IdentityTokenError for a bad, expired, revoked or forged token, or one of a disabled
   * or deleted account; IdentityUnavailableError when the provider cannot be reached.
   */
  verifyIdToken: (idToken: string) => Promise<VerifiedIdentity>;
  /** The account's record at the provider; null for an unknown uid. */
  getUser: (uid: string) => Promise<IdentityRecord | null>;
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
