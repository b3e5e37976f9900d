// The account emails through the procedures: a new account whose address is not verified is mailed
// its verification link at its first session exchange; a customer asks for another (refused once
// verified, a few an hour at most); anyone asks for a password reset, answered alike whether or not
// the address has an account, and mailed only to an enabled account, a few an hour at most.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { describe, expect, test } from '../testing/fixtures';
import type { AccountEmailKind } from '../../shared/account-links';
import { messages } from '../../shared/messages';
import { emailOutbox } from '../db/schema';
import { ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR } from '../domains/accounts/account-emails';
import { signInForIdToken, updateTestAccount } from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';
import type { TestShop } from '../testing/test-shop';

const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

const freshEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

async function queued(shop: TestShop, kind: AccountEmailKind, recipient: string): Promise<number> {
  const rows = await shop.database.db
    .select({ id: emailOutbox.id, bookingId: emailOutbox.bookingId })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.recipient, recipient)));
  for (const row of rows) expect(row.bookingId).toBeNull();
  return rows.length;
}

/** An account at the provider, and its first session exchange. */
async function signUp(shop: TestShop, email: string, { verified = false } = {}) {
  const account = { email, password: 'secret-123' };
  const { uid, idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, account, { create: true, verified });
  await shop.caller(null).users.createSession({ email, idToken });
  return { ...account, uid };
}

describe('the verification email', () => {
  test('is queued for a new account whose address is not verified, once, at its first session exchange', async ({ shop }) => {
    const account = await signUp(shop, freshEmail('new'));
    expect(await queued(shop, 'verify_email', account.email)).toBe(1);

    const { idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, account);
    await shop.caller(null).users.createSession({ email: account.email, idToken });
    expect(await queued(shop, 'verify_email', account.email)).toBe(1);
  });

  test('is not queued for a new account the provider already verified (a Google sign-in, say)', async ({ shop }) => {
    const account = await signUp(shop, freshEmail('google'), { verified: true });
    expect(await queued(shop, 'verify_email', account.email)).toBe(0);
  });

  test('is sent again when the customer asks, a few times an hour at most', async ({ shop }) => {
    const customer = await shop.createUser('user', { email: freshEmail('again'), emailVerified: false });
    const ask = () => shop.caller(customer.user).users.sendVerificationEmail();

    for (let n = 0; n < ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR; n++)
      await expect(ask()).resolves.toEqual({ sentTo: customer.user.email });
    await expect(ask()).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: messages.accountEmailsTooMany(customer.user.email),
    });
    expect(await queued(shop, 'verify_email', customer.user.email)).toBe(ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR);

    // An hour later, the address has its share again.
    await shop.database.db
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 3_600_000 - 1000) })
      .where(eq(emailOutbox.recipient, customer.user.email));
    await expect(ask()).resolves.toEqual({ sentTo: customer.user.email });
  });

  test('is refused once the address is verified', async ({ shop }) => {
    const customer = await shop.createUser('user', { emailVerified: true });
    await expect(shop.caller(customer.user).users.sendVerificationEmail()).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.emailAlreadyVerified,
    });
    expect(await queued(shop, 'verify_email', customer.user.email)).toBe(0);
  });
});

describe('users.requestPasswordReset', () => {
  const ask = (shop: TestShop, email: string) => shop.caller(null).users.requestPasswordReset({ email });

  test('queues a reset email for an address with an account, whatever its case', async ({ shop }) => {
    const account = await signUp(shop, freshEmail('forgot'));

    await expect(ask(shop, account.email.toUpperCase())).resolves.toEqual({ requested: true });

    expect(await queued(shop, 'password_reset', account.email)).toBe(1);
  });

  test('answers an address without an account exactly alike, and queues nothing', async ({ shop }) => {
    const stranger = freshEmail('stranger');

    await expect(ask(shop, stranger)).resolves.toEqual({ requested: true });

    expect(await queued(shop, 'password_reset', stranger)).toBe(0);
  });

  test('queues nothing for a disabled account', async ({ shop }) => {
    const account = await signUp(shop, freshEmail('disabled'));
    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, account.uid, { disableUser: true });

    await expect(ask(shop, account.email)).resolves.toEqual({ requested: true });

    expect(await queued(shop, 'password_reset', account.email)).toBe(0);
  });

  test('mails one address a few times an hour at most, and answers the same after that', async ({ shop }) => {
    const account = await signUp(shop, freshEmail('flooded'));

    for (let n = 0; n < ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR + 3; n++)
      await expect(ask(shop, account.email)).resolves.toEqual({ requested: true });

    expect(await queued(shop, 'password_reset', account.email)).toBe(ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR);
  });

  test('refuses what is not an email address, with the sign-in form’s message', async ({ shop }) => {
    await expect(ask(shop, 'not-an-address')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.emailInvalid });
  });
});
