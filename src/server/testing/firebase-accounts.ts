// Firebase accounts for tests: signs them in through a Firebase Auth emulator's REST API, as the
// browser SDK would, and makes the ID tokens the tests need (a sign-in older than 300 s, hand-made ones).
import { TEST_FIREBASE_WEB_CONFIG } from './test-keys';

const API_KEY = TEST_FIREBASE_WEB_CONFIG.apiKey;

export interface TestAccount {
  email: string;
  password: string;
  displayName?: string;
}

export interface SignedInTestAccount {
  uid: string;
  idToken: string;
}

/**
 * Signs in with email and password (creating the account first when asked; an existing account
 * is fine) and returns the emulator's ID token. Throws with the emulator's reason, e.g.
 * USER_DISABLED or INVALID_LOGIN_CREDENTIALS.
 */
export async function signInForIdToken(
  emulatorUrl: string,
  projectId: string,
  account: TestAccount,
  { create = false, verified = false }: { create?: boolean; verified?: boolean } = {},
): Promise<SignedInTestAccount> {
  const first = await signIn(emulatorUrl, projectId, account, create);
  if (!verified) return { uid: first.uid, idToken: first.idToken };
  // As if the person had opened the verification link: the next sign-in's token says so too.
  await updateTestAccount(emulatorUrl, projectId, first.uid, { emailVerified: true });
  const { uid, idToken } = await signIn(emulatorUrl, projectId, account, false);
  return { uid, idToken };
}

/**
 * Changes an account as the provider's Admin API would (firebase-admin's updateUser calls the same
 * endpoint): an email verified by its link, a changed address, a display name or photo the person
 * set, a new password (which signs out every earlier sign-in), a disabled account.
 */
export async function updateTestAccount(
  emulatorUrl: string,
  projectId: string,
  uid: string,
  changes: {
    emailVerified?: boolean;
    email?: string;
    displayName?: string;
    photoUrl?: string;
    password?: string;
    disableUser?: boolean;
  },
): Promise<void> {
  await emulatorRequest(
    `${emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    { localId: uid, ...changes },
    { authorization: 'Bearer owner' },
  );
}

/**
 * Hands a verification email's one-time code back to the provider, as the shop's /verify-email page
 * does through the browser SDK (applyActionCode): the address is verified.
 */
export async function applyVerificationCode(emulatorUrl: string, code: string): Promise<void> {
  await emulatorRequest(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:update?key=${API_KEY}`, { oobCode: code });
}

/** Sets a new password with a reset email's one-time code, as /reset-password does (confirmPasswordReset). */
export async function resetPasswordWithCode(emulatorUrl: string, code: string, newPassword: string): Promise<void> {
  await emulatorRequest(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${API_KEY}`, {
    oobCode: code,
    newPassword,
  });
}

/** Deletes an account at the provider, freeing its address for anyone who signs up next. */
export async function deleteTestAccount(emulatorUrl: string, projectId: string, uid: string): Promise<void> {
  await emulatorRequest(
    `${emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:delete`,
    { localId: uid },
    { authorization: 'Bearer owner' },
  );
}

/**
 * An ID token whose auth_time lies `ageSeconds` in the past while the token itself is fresh: what
 * the browser holds when the user signed in long ago and the SDK refreshed the token since. Made
 * by the emulator itself: sign in, move the account's last sign-in time back (an admin update,
 * as the real Admin API allows), then exchange the refresh token for a new ID token, whose
 * auth_time the emulator takes from that last sign-in time.
 */
export async function signInWithOldAuthTime(
  emulatorUrl: string,
  projectId: string,
  account: TestAccount,
  { ageSeconds = 600, create = false }: { ageSeconds?: number; create?: boolean } = {},
): Promise<SignedInTestAccount & { authTime: number }> {
  const { uid, refreshToken } = await signIn(emulatorUrl, projectId, account, create);
  const authTime = Math.floor(Date.now() / 1000) - ageSeconds;
  await emulatorRequest(
    `${emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    // firebase-admin treats a sign-in before the account's tokens-valid-after time as revoked,
    // so that moves back too, as for an account that existed before that sign-in.
    { localId: uid, lastLoginAt: String(authTime * 1000), validSince: String(authTime) },
    { authorization: 'Bearer owner' },
  );
  const refreshed = await emulatorRequest<{ id_token: string }>(`${emulatorUrl}/securetoken.googleapis.com/v1/token?key=${API_KEY}`, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
  return { uid, idToken: refreshed.id_token, authTime };
}

/**
 * A token shaped like the emulator's own (unsigned, alg "none"), with any claims. firebase-admin in
 * emulator mode skips signature checks, so it accepts such a token as long as its project, issuer
 * and account are right: exactly why emulator mode must never be used in production. Tests use it
 * for tokens the emulator will not issue, such as one for another project.
 */
export function emulatorStyleIdToken(claims: {
  projectId: string;
  uid: string;
  email: string;
  emailVerified?: boolean;
  authTime?: number;
  expiresInSeconds?: number;
}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'none', typ: 'JWT' };
  const payload = {
    iss: `https://securetoken.google.com/${claims.projectId}`,
    aud: claims.projectId,
    sub: claims.uid,
    user_id: claims.uid,
    email: claims.email,
    email_verified: claims.emailVerified ?? false,
    auth_time: claims.authTime ?? now,
    iat: now,
    exp: now + (claims.expiresInSeconds ?? 3600),
    firebase: { identities: { email: [claims.email] }, sign_in_provider: 'password' },
  };
  return `${base64Url(header)}.${base64Url(payload)}.`;
}

async function signIn(
  emulatorUrl: string,
  projectId: string,
  account: TestAccount,
  create: boolean,
): Promise<SignedInTestAccount & { refreshToken: string }> {
  const base = `${emulatorUrl}/identitytoolkit.googleapis.com/v1`;
  if (create) {
    try {
      await emulatorRequest(`${base}/accounts:signUp?key=${API_KEY}`, {
        email: account.email,
        password: account.password,
        displayName: account.displayName,
        returnSecureToken: true,
      });
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('EMAIL_EXISTS'))) throw error;
    }
  }
  type SignInAnswer = { localId: string; idToken: string; refreshToken: string };
  const signedIn = await emulatorRequest<SignInAnswer>(`${base}/accounts:signInWithPassword?key=${API_KEY}`, {
    email: account.email,
    password: account.password,
    returnSecureToken: true,
  });
  assertTokenForProject(signedIn.idToken, projectId);
  return { uid: signedIn.localId, idToken: signedIn.idToken, refreshToken: signedIn.refreshToken };
}

async function emulatorRequest<T>(url: string, body: object, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok) {
    const operation = new URL(url).pathname.split('/').pop();
    const reason = answer.error?.message ?? `HTTP ${response.status}`;
    throw new Error(`Auth emulator ${operation} failed: ${reason}`);
  }
  return answer;
}

// The emulator issues tokens for the project it was started with, whatever the caller expects.
function assertTokenForProject(idToken: string, projectId: string): void {
  const payload = idToken.split('.')[1] ?? '';
  const { aud } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud?: string };
  if (aud !== projectId) {
    throw new Error(`The Auth emulator runs project ${aud}, not ${projectId}.`);
  }
}

function base64Url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
