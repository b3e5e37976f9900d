// Rotating the session secret without signing everyone out: with SESSION_SECRET=new,old the new key
// signs every token from then on and both keys verify, so the old key's tokens last until the old
// key leaves the list; from then on they are refused.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { signInForIdToken } from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';
import { createTestShop, type TestShop } from '../testing/test-shop';
import { createCaller } from '../routers';
import { createSessionTokens } from './session-tokens';

const OLD_KEY = randomBytes(32).toString('hex');
const NEW_KEY = randomBytes(32).toString('hex');

/** The keys a server started with this SESSION_SECRET uses, read as the server reads them. */
function keysFor(sessionSecret: string) {
  const keys = loadConfig({ SESSION_SECRET: sessionSecret }).sessionSecrets;
  if (!keys) throw new Error('SESSION_SECRET was not read');
  return keys;
}

let shop: TestShop;
let sessionId: string;

beforeAll(async () => {
  shop = await createTestShop();
  sessionId = (await shop.createUser('user')).sessionId;
});
afterAll(() => shop.close());

describe('rotating SESSION_SECRET', () => {
  it('keeps a token signed with the old key working once the new key is put first', async () => {
    const before = createSessionTokens(keysFor(OLD_KEY));
    const token = await before.issue({ sessionId });

    const rotated = createSessionTokens(keysFor(`${NEW_KEY},${OLD_KEY}`));
    await expect(rotated.verify(token)).resolves.toEqual({ sessionId });
  });

  it('refuses a token of a key no longer listed', async () => {
    const token = await createSessionTokens(keysFor(OLD_KEY)).issue({ sessionId });
    const afterRotation = createSessionTokens(keysFor(NEW_KEY));
    await expect(afterRotation.verify(token)).resolves.toBeNull();
    // Nor does a key listed second sign anything: only the first one does.
    const listedSecond = createSessionTokens(keysFor(`${NEW_KEY},${OLD_KEY}`));
    await expect(createSessionTokens(keysFor(OLD_KEY)).verify(await listedSecond.issue({ sessionId }))).resolves.toBeNull();
  });

  it('gives a new sign-in a token of the new key, which still works once the old key is dropped', async () => {
    const email = `rider-${randomBytes(5).toString('hex')}@example.com`;
    const { idToken } = await signInForIdToken(
      `http://${inject('authEmulatorHost')}`,
      TEST_PROJECT_ID,
      { email, password: 'secret123' },
      { create: true },
    );
    const rotated = { ...shop.deps, sessions: createSessionTokens(keysFor(`${NEW_KEY},${OLD_KEY}`)) };
    const { token } = await createCaller({ deps: rotated, user: null, session: 'none' }).users.createSession({ email, idToken });

    await expect(createSessionTokens(keysFor(NEW_KEY)).verify(token)).resolves.not.toBeNull();
    await expect(createSessionTokens(keysFor(OLD_KEY)).verify(token)).resolves.toBeNull();
  });
});
