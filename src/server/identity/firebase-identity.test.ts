// createFirebaseIdentity against a real Firebase Auth emulator: what it accepts, what it refuses,
// and the account operations the server relies on.
import { randomUUID } from 'node:crypto';
import { freePort } from '../../emulators/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyVerificationCode,
  emulatorStyleIdToken,
  resetPasswordWithCode,
  signInForIdToken,
  signInWithOldAuthTime,
  updateTestAccount,
  type TestAccount,
} from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';
import { startAuthEmulator, type RunningAuthEmulator } from '../../emulators/auth/auth-emulator';
import { createFirebaseIdentity, type FirebaseIdentity } from './firebase-identity';
import { IdentityTokenError, MAX_USERS_PER_LOOKUP } from './identity-provider';

const projectId = `${TEST_PROJECT_ID}-identity-test`;
let emulator: RunningAuthEmulator;
let identity: FirebaseIdentity;

beforeAll(async () => {
  emulator = await startAuthEmulator({ port: await freePort(), projectId });
  identity = createFirebaseIdentity({ projectId, emulatorHost: emulator.host });
});

afterAll(async () => {
  await identity?.close();
  await emulator?.close();
});

function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

function newAccount(prefix: string): Required<TestAccount> {
  return { email: uniqueEmail(prefix), password: 'sprocket123', displayName: `${prefix} rider` };
}

const signUp = (account: TestAccount) => signInForIdToken(emulator.url, projectId, account, { create: true });
const signIn = (account: TestAccount) => signInForIdToken(emulator.url, projectId, account);
const handMadeToken = (claims: Omit<Parameters<typeof emulatorStyleIdToken>[0], 'projectId'>) =>
  emulatorStyleIdToken({ projectId, ...claims });

describe('verifyIdToken', () => {
  it('accepts an emulator sign-in and returns the account, its name and sign-in time', async () => {
    const account = newAccount('Verified');
    const before = Math.floor(Date.now() / 1000);
    const { uid, idToken } = await signUp(account);

    const verified = await identity.verifyIdToken(idToken);

    expect(verified).toEqual({
      uid,
      email: account.email.toLowerCase(),
      emailVerified: false,
      name: account.displayName,
      picture: null,
      authTime: expect.any(Number) as unknown,
    });
    expect(verified.authTime).toBeGreaterThanOrEqual(before - 1);
    expect(verified.authTime).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('returns the email lower-cased whatever case the token carries', async () => {
    const { uid } = await signUp(newAccount('case'));
    const token = handMadeToken({ uid, email: 'Mixed.Case+Tag@Example.COM' });

    expect((await identity.verifyIdToken(token)).email).toBe('mixed.case+tag@example.com');
  });

  it('reports the original sign-in time of a token refreshed long after it', async () => {
    const { idToken, authTime } = await signInWithOldAuthTime(emulator.url, projectId, newAccount('old'), {
      create: true,
      ageSeconds: 600,
    });

    const verified = await identity.verifyIdToken(idToken);

    expect(verified.authTime).toBe(authTime);
    expect(Math.floor(Date.now() / 1000) - verified.authTime).toBeGreaterThan(300);
  });

  it('refuses a string that is not a token', async () => {
    await expect(identity.verifyIdToken('not-a-token')).rejects.toBeInstanceOf(IdentityTokenError);
    await expect(identity.verifyIdToken('')).rejects.toBeInstanceOf(IdentityTokenError);
  });

  it('refuses a token issued for another project', async () => {
    const { uid } = await signUp(newAccount('other'));
    const token = emulatorStyleIdToken({ projectId: 'demo-elsewhere', uid, email: 'x@a.com' });

    await expect(identity.verifyIdToken(token)).rejects.toThrow(/audience/);
    await expect(identity.verifyIdToken(token)).rejects.toBeInstanceOf(IdentityTokenError);
  });

  it('refuses an expired token', async () => {
    const { uid } = await signUp(newAccount('expired'));
    const token = handMadeToken({ uid, email: 'x@example.com', expiresInSeconds: -60 });

    await expect(identity.verifyIdToken(token)).rejects.toBeInstanceOf(IdentityTokenError);
  });

  it('refuses a token for an account that does not exist', async () => {
    const token = handMadeToken({ uid: 'no-such-uid', email: 'ghost@example.com' });

    await expect(identity.verifyIdToken(token)).rejects.toBeInstanceOf(IdentityTokenError);
  });
});

describe('disableUser', () => {
  it('makes the next sign-in fail and refuses the tokens the account already holds', async () => {
    const account = newAccount('disabled');
    const { uid, idToken } = await signUp(account);
    await expect(identity.verifyIdToken(idToken)).resolves.toMatchObject({ uid });

    await identity.disableUser(uid);

    await expect(signIn(account)).rejects.toThrow(/USER_DISABLED/);
    await expect(identity.verifyIdToken(idToken)).rejects.toBeInstanceOf(IdentityTokenError);
    expect(await identity.getUserByEmail(account.email)).toEqual({ uid, disabled: true });
  });

  it('leaves an unknown account alone', async () => {
    await expect(identity.disableUser('no-such-uid')).resolves.toBeUndefined();
  });
});

describe('ensureUser', () => {
  it('creates the account once and returns the same uid when asked again', async () => {
    const account = newAccount('seeded');

    const first = await identity.ensureUser(account);
    const second = await identity.ensureUser(account);

    expect(second).toEqual(first);
    const signedIn = await signIn(account);
    expect(signedIn.uid).toBe(first.uid);
    expect((await identity.verifyIdToken(signedIn.idToken)).name).toBe(account.displayName);
  });

  it('keeps an existing account as it is', async () => {
    const account = newAccount('existing');
    const { uid } = await signUp(account);

    expect(await identity.ensureUser({ ...account, password: 'another-one' })).toEqual({ uid });
    await expect(signIn(account)).resolves.toMatchObject({ uid });
  });
});

describe('getUserByEmail', () => {
  it('finds an enabled account and answers null for an unknown email', async () => {
    const account = newAccount('lookup');
    const { uid } = await signUp(account);

    expect(await identity.getUserByEmail(account.email)).toEqual({ uid, disabled: false });
    expect(await identity.getUserByEmail(uniqueEmail('nobody'))).toBeNull();
  });
});

describe('getUsers', () => {
  it('reads several accounts in one call and leaves out the ones the provider does not know', async () => {
    const [first, second] = [newAccount('batch-a'), newAccount('batch-b')];
    const [a, b] = await Promise.all([signUp(first), signUp(second)]);

    const records = await identity.getUsers([a.uid, 'no-such-uid', b.uid]);

    expect(records.map((record) => record.uid).sort()).toEqual([a.uid, b.uid].sort());
    expect(records.find((record) => record.uid === a.uid)).toMatchObject({
      email: first.email.toLowerCase(),
      disabled: false,
      displayName: first.displayName,
      tokensValidAfter: expect.any(Date) as unknown,
    });
    expect(await identity.getUsers([])).toEqual([]);
  });

  it('says when an account was disabled, and moves tokensValidAfter when its password changes', async () => {
    const account = newAccount('standing');
    const { uid, authTime } = await signInWithOldAuthTime(emulator.url, projectId, account, { create: true, ageSeconds: 600 });
    const [before] = await identity.getUsers([uid]);
    expect(before?.tokensValidAfter).toEqual(new Date(authTime * 1000));

    await updateTestAccount(emulator.url, projectId, uid, { password: 'a-new-secret-7' });
    const [afterReset] = await identity.getUsers([uid]);
    expect(afterReset!.tokensValidAfter!.getTime()).toBeGreaterThan(authTime * 1000);
    expect(afterReset?.disabled).toBe(false);

    await updateTestAccount(emulator.url, projectId, uid, { disableUser: true });
    expect((await identity.getUsers([uid]))[0]?.disabled).toBe(true);
  });

  it(`refuses more than ${MAX_USERS_PER_LOOKUP} accounts at once`, async () => {
    const uids = Array.from({ length: MAX_USERS_PER_LOOKUP + 1 }, (_, index) => `uid-${index}`);
    await expect(identity.getUsers(uids)).rejects.toThrow(/at most 100/);
  });
});

describe('accountActionCode', () => {
  it('makes a code that verifies the address when handed back to the provider', async () => {
    const account = newAccount('verify-code');
    const { uid } = await signUp(account);

    const code = await identity.accountActionCode('verifyEmail', account.email);

    expect(code).toMatch(/\S{10,}/);
    await applyVerificationCode(emulator.url, code!);
    expect((await identity.getUser(uid))?.emailVerified).toBe(true);
  });

  it('makes a code that sets a new password, after which the old one no longer signs in', async () => {
    const account = newAccount('reset-code');
    await signUp(account);

    const code = await identity.accountActionCode('resetPassword', account.email);
    await resetPasswordWithCode(emulator.url, code!, 'a-fresh-secret-9');

    await expect(signIn(account)).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
    await expect(signIn({ ...account, password: 'a-fresh-secret-9' })).resolves.toMatchObject({ uid: expect.any(String) as unknown });
  });

  it('answers null for an address without an account, and for a disabled account', async () => {
    expect(await identity.accountActionCode('resetPassword', uniqueEmail('nobody'))).toBeNull();
    expect(await identity.accountActionCode('verifyEmail', uniqueEmail('nobody'))).toBeNull();

    const account = newAccount('disabled-code');
    const { uid } = await signUp(account);
    await identity.disableUser(uid);
    expect(await identity.accountActionCode('resetPassword', account.email)).toBeNull();
  });
});

describe('emulator host', () => {
  it('refuses to verify against real Firebase while the process is set up for an emulator', () => {
    expect(() => createFirebaseIdentity({ projectId })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set/);
  });
});
