// The account emails through the procedures: a new account whose address is not verified is mailed
// its verification link at its first session exchange; a customer asks for another (refused once
// verified, a few an hour at most); anyone asks for a password reset, answered alike whether or not
// the address has an account, and mailed only to an enabled account, a few an hour at most.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountEmailKind } from '../../shared/account-links';
import { messages } from '../../shared/messages';
import { emailOutbox } from '../db/schema';
import { ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR } from '../domains/accounts/account-emails';
import { signInForIdToken, updateTestAccount } from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';
import { createTestShop, type TestShop } from '../testing/test-shop';

let shop: TestShop;
const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const freshEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

async function queued(kind: AccountEmailKind, recipient: string): Promise<number> {
  const rows = await shop.database.db
    .select({ id: emailOutbox.id, bookingId: emailOutbox.bookingId })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.recipient, recipient)));
  for (const row of rows) expect(row.bookingId).toBeNull();
  return rows.length;
}

/** An account at the provider, and its first session exchange. */
async function signUp(email: string, { verified = false } = {}) {
  const account = { email, password: 'secret-123' };
  const { uid, idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, account, { create: true, verified });
  await shop.caller(null).users.createSession({ email, idToken });
  return { ...account, uid };
}

describe('the verification email', () => {
  it('is queued for a new account whose address is not verified, once, at its first session exchange', async () => {
    const account = await signUp(freshEmail('new'));
    expect(await queued('verify_email', account.email)).toBe(1);

    const { idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, account);
    await shop.caller(null).users.createSession({ email: account.email, idToken });
    expect(await queued('verify_email', account.email)).toBe(1);
  });

  it('is not queued for a new account the provider already verified (a Google sign-in, say)', async () => {
    const account = await signUp(freshEmail('google'), { verified: true });
    expect(await queued('verify_email', account.email)).toBe(0);
  });

  it('is sent again when the customer asks, a few times an hour at most', async () => {
    const customer = await shop.createUser('user', { email: freshEmail('again'), emailVerified: false });
    const ask = () => shop.caller(customer.user).users.sendVerificationEmail();

    for (let n = 0; n < ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR; n++)
      await expect(ask()).resolves.toEqual({ sentTo: customer.user.email });
    await expect(ask()).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: messages.accountEmailsTooMany(customer.user.email),
    });
    expect(await queued('verify_email', customer.user.email)).toBe(ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR);

    // An hour later, the address has its share again.
    await shop.database.db
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 3_600_000 - 1000) })
      .where(eq(emailOutbox.recipient, customer.user.email));
    await expect(ask()).resolves.toEqual({ sentTo: customer.user.email });
  });

  it('is refused once the address is verified', async () => {
    const customer = await shop.createUser('user', { emailVerified: true });
    await expect(shop.caller(customer.user).users.sendVerificationEmail()).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.emailAlreadyVerified,
    });
    expect(await queued('verify_email', customer.user.email)).toBe(0);
  });
});

describe('users.requestPasswordReset', () => {
  const ask = (email: string) => shop.caller(null).users.requestPasswordReset({ email });

  it('queues a reset email for an address with an account, whatever its case', async () => {
    const account = await signUp(freshEmail('forgot'));

    await expect(ask(account.email.toUpperCase())).resolves.toEqual({ requested: true });

    expect(await queued('password_reset', account.email)).toBe(1);
  });

  it('answers an address without an account exactly alike, and queues nothing', async () => {
    const stranger = freshEmail('stranger');

    await expect(ask(stranger)).resolves.toEqual({ requested: true });

    expect(await queued('password_reset', stranger)).toBe(0);
  });

  it('queues nothing for a disabled account', async () => {
    const account = await signUp(freshEmail('disabled'));
    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, account.uid, { disableUser: true });

    await expect(ask(account.email)).resolves.toEqual({ requested: true });

    expect(await queued('password_reset', account.email)).toBe(0);
  });

  it('mails one address a few times an hour at most, and answers the same after that', async () => {
    const account = await signUp(freshEmail('flooded'));

    for (let n = 0; n < ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR + 3; n++)
      await expect(ask(account.email)).resolves.toEqual({ requested: true });

    expect(await queued('password_reset', account.email)).toBe(ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR);
  });

  it('refuses what is not an email address, with the sign-in form’s message', async () => {
    await expect(ask('not-an-address')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.emailInvalid });
  });
});
