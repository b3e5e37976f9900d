// The session exchange trusts the identity provider's own record, not the token's claims: accounts
// are bound to the provider's user id, an address held by another account is refused and audited,
// and the name and photo a sign-in brings are checked before the shop shows them.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { createContextInner } from '../context';
import { auditEvents, sessions, users } from '../db/schema';
import { deleteTestAccount, emulatorStyleIdToken, signInForIdToken, updateTestAccount } from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';
import type { TestShop } from '../testing/test-shop';
import { createCaller } from '.';

const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

const freshEmail = () => `rider-${randomBytes(5).toString('hex')}@example.com`;
const PASSWORD = 'secret123';

async function exchange(shop: TestShop, email: string, idToken: string) {
  return shop.caller(null).users.createSession({ email, idToken });
}

async function me(shop: TestShop, token: string) {
  return createCaller(await createContextInner(shop.deps, `Bearer ${token}`)).users.me();
}

async function sessionCount(shop: TestShop): Promise<number> {
  return (await shop.database.db.select({ id: sessions.id }).from(sessions)).length;
}

describe('claims checked against the provider’s record', () => {
  test('refuses an unsigned token that claims another account’s email, and opens no session', async ({ shop }) => {
    const victim = freshEmail();
    await exchange(
      shop,
      victim,
      (await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email: victim, password: PASSWORD }, { create: true })).idToken,
    );
    const attacker = await signInForIdToken(
      emulatorUrl(),
      TEST_PROJECT_ID,
      { email: freshEmail(), password: PASSWORD },
      { create: true },
    );
    const before = await sessionCount(shop);

    const forged = emulatorStyleIdToken({ projectId: TEST_PROJECT_ID, uid: attacker.uid, email: victim });
    await expect(exchange(shop, victim, forged)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: messages.identityTokenInvalid,
    });
    expect(await sessionCount(shop)).toBe(before);
  });

  test('refuses an unsigned token claiming a verified admin address not yet bound to anyone', async ({ shop }) => {
    const seededAdmin = await shop.createUser('admin', { email: freshEmail() });
    const attacker = await signInForIdToken(
      emulatorUrl(),
      TEST_PROJECT_ID,
      { email: freshEmail(), password: PASSWORD },
      { create: true },
    );

    const forged = emulatorStyleIdToken({
      projectId: TEST_PROJECT_ID,
      uid: attacker.uid,
      email: seededAdmin.user.email,
      emailVerified: true,
    });
    await expect(exchange(shop, seededAdmin.user.email, forged)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const [row] = await shop.database.db
      .select({ firebaseUid: users.firebaseUid })
      .from(users)
      .where(eq(users.id, seededAdmin.user.id));
    expect(row?.firebaseUid).toBeNull();
  });

  test('refuses a token of an account the provider no longer has', async ({ shop }) => {
    const email = freshEmail();
    const { uid, idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: PASSWORD }, { create: true });
    await deleteTestAccount(emulatorUrl(), TEST_PROJECT_ID, uid);
    await expect(exchange(shop, email, idToken)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('accounts bound to the identity that opened them', () => {
  test('refuses a new identity under an address that belongs to an account, hands nothing over, and audits it', async ({ shop }) => {
    const email = freshEmail();
    const first = await signInForIdToken(
      emulatorUrl(),
      TEST_PROJECT_ID,
      { email, password: PASSWORD },
      { create: true, verified: true },
    );
    const { token } = await exchange(shop, email, first.idToken);
    const owner = await me(shop, token);
    // The address is freed at the provider and someone else signs up with it, verified even.
    await deleteTestAccount(emulatorUrl(), TEST_PROJECT_ID, first.uid);
    const newcomer = await signInForIdToken(
      emulatorUrl(),
      TEST_PROJECT_ID,
      { email, password: 'other-secret' },
      { create: true, verified: true },
    );

    await expect(exchange(shop, email, newcomer.idToken)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.emailTakenByAnotherSignIn,
    });
    const [row] = await shop.database.db.select({ firebaseUid: users.firebaseUid }).from(users).where(eq(users.id, owner._id));
    expect(row?.firebaseUid).toBe(first.uid);
    const audited = await shop.database.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, email));
    expect(audited).toEqual([
      expect.objectContaining({ actorId: null, action: 'user.sign_in_refused', subject: `identity ${newcomer.uid}: taken` }),
    ]);
  });

  test('tells a removed account’s own identity it was removed, without auditing it as a claim', async ({ shop }) => {
    const email = freshEmail();
    const account = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: PASSWORD }, { create: true });
    const owner = await me(shop, (await exchange(shop, email, account.idToken)).token);
    await shop.database.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, owner._id));

    await expect(exchange(shop, email, account.idToken)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.accountRemoved,
    });
    expect(await shop.database.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, email))).toEqual([]);
  });

  test('keeps the account of an identity whose email changed at the provider, under the new email', async ({ shop }) => {
    const email = freshEmail();
    const account = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: PASSWORD }, { create: true });
    const before = await me(shop, (await exchange(shop, email, account.idToken)).token);

    const changed = freshEmail();
    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, account.uid, { email: changed });
    const again = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email: changed, password: PASSWORD });
    const after = await me(shop, (await exchange(shop, changed, again.idToken)).token);
    expect(after).toMatchObject({ _id: before._id, email: changed });
  });

  test('keeps the old email when the new one belongs to another account', async ({ shop }) => {
    const email = freshEmail();
    const account = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: PASSWORD }, { create: true });
    const before = await me(shop, (await exchange(shop, email, account.idToken)).token);
    const other = await shop.createUser('user');

    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, account.uid, { email: other.user.email });
    const again = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email: other.user.email, password: PASSWORD });
    const after = await me(shop, (await exchange(shop, other.user.email, again.idToken)).token);
    expect(after).toMatchObject({ _id: before._id, email, emailVerified: false });
  });

  test('binds an account opened before binding only to a verified owner of its address', async ({ shop }) => {
    const existing = await shop.createUser('user', { email: freshEmail(), emailVerified: false });
    const email = existing.user.email;
    const unverified = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: PASSWORD }, { create: true });
    await expect(exchange(shop, email, unverified.idToken)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.verifyEmailToClaimAccount,
    });

    const verified = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: PASSWORD }, { verified: true });
    await expect(me(shop, (await exchange(shop, email, verified.idToken)).token)).resolves.toMatchObject({
      _id: existing.user.id,
      emailVerified: true,
    });
  });
});

describe('the name and photo a sign-in brings', () => {
  async function signInAs(changes: { displayName?: string; photoUrl?: string }) {
    const email = freshEmail();
    const { uid } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: PASSWORD }, { create: true });
    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, uid, changes);
    const { idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: PASSWORD });
    return { email, idToken };
  }

  test.for([
    ['a NUL byte', 'Ada\u0000Admin', messages.displayNameInvalid],
    ['a right-to-left override', 'Ada \u202Enimda', messages.displayNameInvalid],
    ['more than 100 characters', 'A'.repeat(101), messages.displayNameTooLong],
  ])('refuses a display name with %s as bad input, opening no account', async ([_label, displayName, message], { shop }) => {
    const { email, idToken } = await signInAs({ displayName });
    await expect(exchange(shop, email, idToken)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await shop.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  test('keeps a photo only from Google’s avatar hosts over https', async ({ shop }) => {
    const google = 'https://lh3.googleusercontent.com/a/rider-photo=s96-c';
    for (const [photoUrl, kept] of [
      [google, google],
      ['http://lh3.googleusercontent.com/a/rider-photo', null],
      ['https://tracker.example/pixel.gif', null],
      ['https://lh3.googleusercontent.com.evil.example/a.png', null],
    ] as const) {
      const { email, idToken } = await signInAs({ photoUrl, displayName: 'Pat Photo' });
      await expect(me(shop, (await exchange(shop, email, idToken)).token)).resolves.toMatchObject({
        photoURL: kept,
        displayName: 'Pat Photo',
      });
    }
  });
});
