// What the queued emails say when they are sent, through the sender to a real SMTP catcher: order
// emails carry the order's details only to an address the identity provider verified (a stranger's
// typed name, address and links never reach an inbox through the shop), and the account emails'
// links lead to the shop's own pages with a one-time code the run's Auth emulator accepts.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountEmailKind } from '../../../shared/account-links';
import { emailOutbox, users } from '../../db/schema';
import { queueAccountEmail } from './outbox';
import { applyVerificationCode, resetPasswordWithCode, signInForIdToken } from '../../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../../testing/test-keys';
import { createTestShop, TEST_SHOP_URL, type TestShop, type TestUser } from '../../testing/test-shop';
import { startMailCatcher, type CaughtEmail, type MailCatcher } from '../../../emulators/mail/mail-catcher';
import { createSmtpMailer, type Mailer } from './mailer';
import { deliverDueEmails } from './outbox-sender';

const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

let shop: TestShop;
let catcher: MailCatcher;
let mailer: Mailer;

beforeAll(async () => {
  [shop, catcher] = await Promise.all([createTestShop(), startMailCatcher({ inboxPort: 0 })]);
  mailer = createSmtpMailer({ url: catcher.smtpUrl, from: 'Sprocket <orders@sprocket.example>' });
});
afterAll(async () => {
  mailer.close();
  await Promise.all([shop.close(), catcher.close()]);
});

/** Sends what is due and answers the one email that went to `address`. */
async function sentTo(address: string): Promise<CaughtEmail> {
  await deliverDueEmails(shop.deps, mailer);
  const response = await fetch(`${catcher.inboxUrl}/api/email`);
  const caught = ((await response.json()) as CaughtEmail[]).filter((email) => email.to.some((to) => to.address === address));
  expect(caught).toHaveLength(1);
  return caught[0]!;
}

const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

/** What a stranger types to mail phishing through the shop: links and markup in the name and address. */
const STRANGER = {
  displayName: 'Your card was charged twice, get a refund at https://evil.example/refund',
  address: '<a href="https://evil.example/pay">Confirm your address here</a>',
  phone: '+1 555 0199',
};
const TYPED = ['evil.example', 'charged twice', 'Confirm your address', '555 0199'];

async function bookAs(customer: TestUser) {
  const part = await shop.createTool({ name: 'Quill stem', minimumOrderQuantity: 1, available: 10 });
  return shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 2, phone: STRANGER.phone, address: STRANGER.address });
}

describe('order emails', () => {
  it('give an unverified address only the order number and a link into the shop, none of the typed text', async () => {
    const customer = await shop.createUser('user', {
      email: uniqueEmail('unverified'),
      emailVerified: false,
      displayName: STRANGER.displayName,
    });
    const booking = await bookAs(customer);

    const email = await sentTo(customer.user.email);

    expect(email.subject).toBe(`Your Sprocket order #${booking.orderNumber} is booked`);
    for (const part of [email.subject, email.text, email.html]) {
      for (const typed of [...TYPED, 'Quill stem']) expect(part).not.toContain(typed);
    }
    for (const part of [email.text, email.html]) {
      expect(part).toContain(`#${booking.orderNumber}`);
      expect(part).toContain(`${TEST_SHOP_URL}/dashboard`);
    }
  });

  it('give a verified address the full details, typed text shown as text', async () => {
    const customer = await shop.createUser('user', {
      email: uniqueEmail('verified'),
      emailVerified: true,
      displayName: STRANGER.displayName,
    });
    const booking = await bookAs(customer);

    const email = await sentTo(customer.user.email);

    expect(email.subject).toBe('Your booking of Quill stem');
    expect(email.text).toContain(`Hello ${STRANGER.displayName},`);
    expect(email.text).toContain(STRANGER.address);
    expect(email.text).toContain(STRANGER.phone);
    expect(email.text).toContain(booking._id);
    expect(email.html).toContain('&lt;a href=&quot;https://evil.example/pay&quot;&gt;Confirm your address here&lt;/a&gt;');
    expect(email.html).not.toContain('<a href="https://evil.example');
    expect(email.text).toContain(`${TEST_SHOP_URL}/dashboard`);
  });

  it('decide at sending time: an address the account has left since the booking gets no details', async () => {
    const customer = await shop.createUser('user', {
      email: uniqueEmail('moved'),
      emailVerified: true,
      displayName: STRANGER.displayName,
    });
    const booking = await bookAs(customer);
    await shop.database.db
      .update(users)
      .set({ email: uniqueEmail('moved-to') })
      .where(eq(users.id, customer.user.id));

    const email = await sentTo(customer.user.email);

    expect(email.subject).toBe(`Your Sprocket order #${booking.orderNumber} is booked`);
    for (const typed of TYPED) expect(email.text).not.toContain(typed);
  });
});

describe('account emails', () => {
  /** An account at the run's Auth emulator (its address not verified) and its queued email of `kind`. */
  async function queued(kind: AccountEmailKind) {
    const account = { email: uniqueEmail(kind), password: 'secret-123' };
    const { uid } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, account, { create: true });
    await queueAccountEmail(shop.database.db, kind, account.email);
    return { ...account, uid };
  }

  /** The one-time code of the email's link, which must lead to the shop's `path`. */
  function codeIn(email: CaughtEmail, path: string): string {
    const link = new RegExp(`${TEST_SHOP_URL}${path}\\?code=(\\S+)`).exec(email.text);
    expect(link, email.text).not.toBeNull();
    expect(email.html).toContain(`href="${link![0]}"`);
    return decodeURIComponent(link![1]!);
  }

  it('send a verification link into the shop whose code verifies the address at the provider', async () => {
    const account = await queued('verify_email');

    const email = await sentTo(account.email);

    expect(email.subject).toBe('Verify your email address for Sprocket');
    await applyVerificationCode(emulatorUrl(), codeIn(email, '/verify-email'));
    expect((await shop.deps.identity.getUser(account.uid))?.emailVerified).toBe(true);
  });

  it('send a reset link into the shop whose code sets a new password', async () => {
    const account = await queued('password_reset');

    const email = await sentTo(account.email);

    expect(email.subject).toBe('Reset your Sprocket password');
    await resetPasswordWithCode(emulatorUrl(), codeIn(email, '/reset-password'), 'a-fresh-secret-9');
    await expect(
      signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email: account.email, password: 'a-fresh-secret-9' }),
    ).resolves.toMatchObject({ uid: account.uid });
  });

  it('keep no link in the outbox, and send nothing to an address that has no account by sending time', async () => {
    const nobody = uniqueEmail('nobody');
    await queueAccountEmail(shop.database.db, 'password_reset', nobody);

    expect(await deliverDueEmails(shop.deps, mailer)).toMatchObject({ sent: 0, retrying: 1 });

    const [row] = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, nobody));
    expect(row).toMatchObject({ kind: 'password_reset', bookingId: null, status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/No enabled account has the address/);
    expect(JSON.stringify(row)).not.toMatch(/code|http/i);
  });
});
