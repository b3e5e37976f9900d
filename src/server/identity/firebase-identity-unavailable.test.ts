// createFirebaseIdentity when no emulator answers, and when another provider in the same process
// moves the process-wide FIREBASE_AUTH_EMULATOR_HOST. No emulator is started here.
import { freePort } from '../../emulators/free-port';
import { describe, expect, it } from 'vitest';
import { emulatorStyleIdToken } from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';
import { createFirebaseIdentity } from './firebase-identity';
import { IdentityUnavailableError } from './identity-provider';

const projectId = `${TEST_PROJECT_ID}-unavailable-test`;
const rider = { email: 'rider@example.com', password: 'sprocket123', displayName: 'Rider' };

async function providerForHostWhereNothingListens() {
  return createFirebaseIdentity({ projectId, emulatorHost: `127.0.0.1:${await freePort()}` });
}

describe('an emulator that is down', () => {
  it('makes every call fail with IdentityUnavailableError', async () => {
    const identity = await providerForHostWhereNothingListens();
    const token = emulatorStyleIdToken({ projectId, uid: 'some-uid', email: rider.email });

    await expect(identity.verifyIdToken(token)).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(identity.getUserByEmail(rider.email)).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(identity.disableUser('some-uid')).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(identity.ensureUser(rider)).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(identity.getUsers(['some-uid'])).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(identity.accountActionCode('resetPassword', rider.email)).rejects.toBeInstanceOf(IdentityUnavailableError);
    await identity.close();
  });
});

describe('FIREBASE_AUTH_EMULATOR_HOST', () => {
  it('is set by an emulator-backed provider, for firebase-admin', async () => {
    const emulatorHost = `127.0.0.1:${await freePort()}`;
    const identity = createFirebaseIdentity({ projectId, emulatorHost });

    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBe(emulatorHost);
    await identity.close();
  });

  it('makes a provider fail loudly once another provider pointed it elsewhere', async () => {
    const first = await providerForHostWhereNothingListens();
    const second = await providerForHostWhereNothingListens();

    await expect(first.getUserByEmail(rider.email)).rejects.toThrow(/one Auth backend/);
    await expect(second.getUserByEmail(rider.email)).rejects.toBeInstanceOf(IdentityUnavailableError);
    await Promise.all([first.close(), second.close()]);
  });
});
