// IdentityProvider backed by firebase-admin: real Firebase Auth with service-account credentials,
// or the Firebase Auth emulator. Each provider has its own named firebase-admin app, never the
// default one, so nothing else in the process shares or reconfigures it.
import { randomUUID } from 'node:crypto';
import { applicationDefault, cert, deleteApp, initializeApp, type Credential } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken, type UserRecord } from 'firebase-admin/auth';
import { firebaseErrorCode, translateTokenVerificationError, translateUnavailable } from './firebase-errors';
import {
  IdentityTokenError,
  MAX_USERS_PER_LOOKUP,
  type AccountAction,
  type IdentityProvider,
  type IdentityRecord,
  type VerifiedIdentity,
} from './identity-provider';

export interface FirebaseIdentityOptions {
  projectId: string;
  /** "host:port" of a Firebase Auth emulator; absent means real Firebase Auth. */
  emulatorHost?: string;
  /** Service-account key file contents; absent means Application Default Credentials. */
  credentialsJson?: string;
}

export interface FirebaseIdentity extends IdentityProvider {
  /** Releases the firebase-admin app (its HTTP agents), for a clean shutdown. */
  close: () => Promise<void>;
}

const EMULATOR_HOST_VARIABLE = 'FIREBASE_AUTH_EMULATOR_HOST';

/**
 * firebase-admin has no per-app emulator setting: it reads process.env.FIREBASE_AUTH_EMULATOR_HOST
 * on every call to decide emulator mode (unsigned tokens accepted, "owner" as access token) and
 * again whenever it lazily builds a request URL. So the emulator host is process-wide: creating an
 * emulator-backed provider sets the variable, every provider in the process then shares it, and
 * each call checks the variable still holds what this provider expects, so two providers that
 * disagree (two emulators, or an emulator and real Firebase) fail loudly instead of silently
 * talking to the wrong backend. A real-mode provider refuses to start while the variable is set,
 * because firebase-admin would then accept unsigned tokens.
 */
export function createFirebaseIdentity(options: FirebaseIdentityOptions): FirebaseIdentity {
  const expectedEmulatorHost = options.emulatorHost;
  if (expectedEmulatorHost === '') throw new Error('emulatorHost must be "host:port", not empty.');
  if (expectedEmulatorHost === undefined) {
    if (process.env[EMULATOR_HOST_VARIABLE]) {
      throw new Error(
        `${EMULATOR_HOST_VARIABLE} is set (${process.env[EMULATOR_HOST_VARIABLE]}), so ` +
          'firebase-admin would accept unsigned ID tokens; unset it to use real Firebase Auth, ' +
          'or pass emulatorHost.',
      );
    }
  } else {
    process.env[EMULATOR_HOST_VARIABLE] = expectedEmulatorHost;
  }

  const app = initializeApp(
    { projectId: options.projectId, credential: chooseCredential(options) },
    `sprocket-identity-${randomUUID()}`,
  );
  const auth = getAuth(app);

  function assertEmulatorSettingUnchanged(): void {
    const actual = process.env[EMULATOR_HOST_VARIABLE] || undefined;
    if (actual !== expectedEmulatorHost) {
      throw new Error(
        `${EMULATOR_HOST_VARIABLE} is now ${actual ?? 'unset'} but this identity provider was ` +
          `created for ${expectedEmulatorHost ?? 'real Firebase Auth'}; firebase-admin reads it ` +
          'process-wide, so one process can use only one Auth backend.',
      );
    }
  }

  async function call<T>(operation: () => Promise<T>, translate: (error: unknown) => unknown = translateUnavailable): Promise<T> {
    assertEmulatorSettingUnchanged();
    try {
      return await operation();
    } catch (error) {
      throw translate(error);
    }
  }

  function generateLink(action: AccountAction, email: string): Promise<string> {
    return action === 'verifyEmail' ? auth.generateEmailVerificationLink(email) : auth.generatePasswordResetLink(email);
  }

  async function getUserByEmail(email: string): Promise<{ uid: string; disabled: boolean } | null> {
    try {
      const user = await call(() => auth.getUserByEmail(email));
      return { uid: user.uid, disabled: user.disabled };
    } catch (error) {
      if (firebaseErrorCode(error) === 'auth/user-not-found') return null;
      throw error;
    }
  }

  return {
    getUserByEmail,

    async getUser(uid) {
      try {
        return toIdentityRecord(await call(() => auth.getUser(uid)));
      } catch (error) {
        if (firebaseErrorCode(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },

    async getUsers(uids) {
      if (uids.length > MAX_USERS_PER_LOOKUP) throw new Error(`getUsers takes at most ${MAX_USERS_PER_LOOKUP} accounts`);
      if (uids.length === 0) return [];
      const found = await call(() => auth.getUsers(uids.map((uid) => ({ uid }))));
      return found.users.map(toIdentityRecord);
    },

    async accountActionCode(action, email) {
      // The provider makes links for disabled accounts too (the emulator does): ask first.
      const account = await getUserByEmail(email);
      if (!account || account.disabled) return null;
      try {
        const link = await call(() => generateLink(action, email));
        return oneTimeCodeOf(link);
      } catch (error) {
        if (NO_ACCOUNT_TO_ACT_ON.has(firebaseErrorCode(error) ?? '')) return null;
        throw error;
      }
    },

    async verifyIdToken(idToken) {
      // checkRevoked: a disabled account or a revoked session stops working at once (firebase-admin
      // checks this anyway in emulator mode, against real Firebase only when asked).
      const decoded = await call(() => auth.verifyIdToken(idToken, true), translateTokenVerificationError);
      return toVerifiedIdentity(decoded);
    },

    async disableUser(uid) {
      try {
        await call(() => auth.updateUser(uid, { disabled: true }));
        await call(() => auth.revokeRefreshTokens(uid));
      } catch (error) {
        if (firebaseErrorCode(error) !== 'auth/user-not-found') throw error;
      }
    },

    async ensureUser({ email, password, displayName }) {
      const existing = await getUserByEmail(email);
      if (existing) {
        await call(() => auth.updateUser(existing.uid, { emailVerified: true }));
        return { uid: existing.uid };
      }
      try {
        const created = await call(() => auth.createUser({ email, password, displayName, emailVerified: true }));
        return { uid: created.uid };
      } catch (error) {
        // Another process created the same account between our lookup and our create.
        if (firebaseErrorCode(error) !== 'auth/email-already-exists') throw error;
        const createdMeanwhile = await getUserByEmail(email);
        if (!createdMeanwhile) throw error;
        return { uid: createdMeanwhile.uid };
      }
    },

    async close() {
      await deleteApp(app);
    },
  };
}

/** The account went, or was disabled, since it was looked up: there is nobody to send a link to. */
const NO_ACCOUNT_TO_ACT_ON = new Set(['auth/email-not-found', 'auth/user-not-found', 'auth/user-disabled']);

/**
 * The link's one-time code (its oobCode parameter). Only the code is used: the shop's own pages
 * hand it back to the provider, so an account email links into the shop, whatever handler page
 * the provider's link names (its hosted page, or the emulator's).
 */
function oneTimeCodeOf(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error('The identity provider made an account link without a one-time code.');
  return code;
}

function chooseCredential(options: FirebaseIdentityOptions): Credential {
  if (options.emulatorHost !== undefined) {
    // The emulator accepts the literal token "owner"; never look for Google credentials.
    return { getAccessToken: async () => ({ access_token: 'owner', expires_in: 3600 }) };
  }
  if (options.credentialsJson !== undefined) {
    return cert(parseServiceAccount(options.credentialsJson));
  }
  return applicationDefault();
}

function toVerifiedIdentity(token: DecodedIdToken): VerifiedIdentity {
  if (typeof token.email !== 'string' || token.email === '') {
    throw new IdentityTokenError('The ID token carries no email address.');
  }
  return {
    uid: token.uid,
    email: token.email.toLowerCase(),
    emailVerified: token.email_verified === true,
    name: typeof token['name'] === 'string' ? token['name'] : null,
    picture: typeof token.picture === 'string' ? token.picture : null,
    authTime: token.auth_time,
  };
}

function toIdentityRecord(user: UserRecord): IdentityRecord {
  return {
    uid: user.uid,
    email: user.email ? user.email.toLowerCase() : null,
    emailVerified: user.emailVerified,
    disabled: user.disabled,
    displayName: user.displayName ?? null,
    photoUrl: user.photoURL ?? null,
    tokensValidAfter: user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime) : null,
  };
}

function parseServiceAccount(credentialsJson: string): object {
  try {
    return JSON.parse(credentialsJson) as object;
  } catch {
    throw new Error('The Firebase service-account credentials are not valid JSON.');
  }
}
