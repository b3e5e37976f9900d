// Accounts through the tRPC caller: the session exchange against the real Auth emulator,
// roles read from the database on every request, and user management for admins.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { inject } from 'vitest';
import { messages } from '../../shared/messages';
import { createContextInner } from '../context';
import { bookings, tools, users } from '../db/schema';
import { signInForIdToken, signInWithOldAuthTime } from '../testing/firebase-accounts';
import type { TestShop } from '../testing/test-shop';
import { createCaller } from '.';
import { TEST_PROJECT_ID } from '../testing/test-keys';

const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

test.override('shopOptions', { adminEmails: ['boss@example.com'] });

function freshEmail(): string {
  return `user-${randomBytes(5).toString('hex')}@Example.com`;
}

/** A caller whose context is resolved from a bearer token, as every HTTP request is. */
async function callerWithToken(shop: TestShop, token: string) {
  return createCaller(await createContextInner(shop.deps, `Bearer ${token}`));
}

describe('users.createSession', () => {
  test('exchanges a fresh Firebase sign-in for a session that resolves to the user', async ({ shop }) => {
    const email = freshEmail();
    const { idToken } = await signInForIdToken(
      emulatorUrl(),
      TEST_PROJECT_ID,
      { email, password: 'secret123', displayName: 'New Rider' },
      { create: true },
    );

    const { token } = await shop.caller(null).users.createSession({ email, idToken });
    const me = await (await callerWithToken(shop, token)).users.me();
    expect(me).toMatchObject({ email: email.toLowerCase(), displayName: 'New Rider', role: 'user' });
  });

  test('refuses a token for another email and creates no user', async ({ shop }) => {
    const email = freshEmail();
    const { idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: 'secret123' }, { create: true });
    const victim = freshEmail();
    await expect(shop.caller(null).users.createSession({ email: victim, idToken })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.tokenEmailMismatch,
    });
    const rows = await shop.database.db.select().from(users).where(eq(users.email, victim.toLowerCase()));
    expect(rows).toHaveLength(0);
  });

  test('refuses a sign-in older than 300 seconds', async ({ shop }) => {
    const email = freshEmail();
    const { idToken } = await signInWithOldAuthTime(
      emulatorUrl(),
      TEST_PROJECT_ID,
      { email, password: 'secret123' },
      { create: true, ageSeconds: 301 },
    );
    await expect(shop.caller(null).users.createSession({ email, idToken })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: messages.signInTooOld,
    });
  });

  test('refuses a forged token', async ({ shop }) => {
    await expect(
      shop.caller(null).users.createSession({ email: freshEmail(), idToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: messages.identityTokenInvalid });
  });

  test('makes ADMIN_EMAILS accounts admins once the provider says their email is verified', async ({ shop }) => {
    const boss = { email: 'boss@example.com', password: 'secret123' };
    const unverified = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, boss, { create: true });
    const first = await shop.caller(null).users.createSession({ email: boss.email, idToken: unverified.idToken });
    await expect((await callerWithToken(shop, first.token)).users.me()).resolves.toMatchObject({ role: 'user', emailVerified: false });

    const verified = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, boss, { verified: true });
    const { token } = await shop.caller(null).users.createSession({ email: boss.email, idToken: verified.idToken });
    await expect((await callerWithToken(shop, token)).users.me()).resolves.toMatchObject({ role: 'admin', emailVerified: true });
  });

  test('refuses a removed account', async ({ shop }) => {
    const email = freshEmail();
    const { idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email, password: 'secret123' }, { create: true });
    await shop.database.db.insert(users).values({ email: email.toLowerCase(), removedAt: new Date() });
    await expect(shop.caller(null).users.createSession({ email, idToken })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.accountRemoved,
    });
  });
});

describe('sessions', () => {
  test('treats a tampered or unknown token as an expired session', async ({ shop, customer }) => {
    // The signature's first character carries six whole bits; its last carries padding that
    // base64url decoders ignore, so changing that one could leave the signature as it was.
    const [header, payload, signature] = customer.token.split('.');
    const tampered = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await expect((await callerWithToken(shop, tampered)).users.me()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: messages.sessionExpired,
    });
  });

  test('applies a role change at once, without a new token', async ({ shop, admin }) => {
    const promoted = await shop.createUser('user');
    const caller = await callerWithToken(shop, promoted.token);
    await expect(caller.users.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await shop.caller(admin.user).users.makeAdmin({ email: promoted.user.email });
    const { items } = await (await callerWithToken(shop, promoted.token)).users.list();
    expect(items.map((user) => user.email)).toContain(promoted.user.email);
  });
});

describe('users.isAdmin', () => {
  test('answers for oneself, and refuses customers asking about others', async ({ shop, customer, admin }) => {
    await expect(shop.caller(customer.user).users.isAdmin({ email: customer.user.email })).resolves.toEqual({ admin: false });
    await expect(shop.caller(admin.user).users.isAdmin({ email: admin.user.email })).resolves.toEqual({ admin: true });
    await expect(shop.caller(admin.user).users.isAdmin({ email: customer.user.email })).resolves.toEqual({ admin: false });
    const otherAdmin = await shop.createUser('admin');
    await expect(shop.caller(admin.user).users.isAdmin({ email: otherAdmin.user.email })).resolves.toEqual({ admin: true });
    await expect(shop.caller(admin.user).users.isAdmin({ email: 'nobody@example.com' })).resolves.toEqual({ admin: false });
    await expect(shop.caller(customer.user).users.isAdmin({ email: admin.user.email })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(null).users.isAdmin({ email: admin.user.email })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('users.list and makeAdmin', () => {
  test('lists users for admins only, without private fields, each with whether it can be made admin', async ({
    shop,
    customer,
    admin,
  }) => {
    const unverified = await shop.createUser('user', { emailVerified: false });
    const { items: list } = await shop.caller(admin.user).users.list();
    const entry = list.find((u) => u.email === customer.user.email);
    expect(entry).toEqual({
      _id: customer.user.id,
      email: customer.user.email,
      role: 'user',
      displayName: customer.user.displayName,
      adminEligibility: 'eligible',
    });
    expect(list.find((u) => u.email === unverified.user.email)?.adminEligibility).toBe('emailNotVerified');
    expect(list.find((u) => u.email === admin.user.email)?.adminEligibility).toBe('admin');
    await expect(shop.caller(customer.user).users.list()).rejects.toMatchObject({ code: 'FORBIDDEN', message: messages.adminOnly });
  });

  test('makes a customer admin once, and audits it', async ({ shop, customer, admin }) => {
    const target = await shop.createUser('user');
    await expect(shop.caller(customer.user).users.makeAdmin({ email: target.user.email })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(shop.caller(admin.user).users.makeAdmin({ email: target.user.email })).resolves.toEqual({ modifiedCount: 1 });
    await expect(shop.caller(admin.user).users.makeAdmin({ email: target.user.email })).resolves.toEqual({ modifiedCount: 0 });
    const { items: log } = await shop.caller(admin.user).users.auditLog();
    expect(log[0]).toMatchObject({ action: 'user.make_admin', subject: target.user.email, actorEmail: admin.user.email });
    // The second call changed nothing, so it is not in the log.
    expect(log.filter((entry) => entry.subject === target.user.email)).toHaveLength(1);
  });

  test('refuses to make an account admin while its email is not verified', async ({ shop, admin }) => {
    const target = await shop.createUser('user', { emailVerified: false });
    await expect(shop.caller(admin.user).users.makeAdmin({ email: target.user.email })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.adminNeedsVerifiedEmail,
    });
    const [row] = await shop.database.db.select({ role: users.role }).from(users).where(eq(users.id, target.user.id));
    expect(row?.role).toBe('user');
  });

  test('answers 404 for an unknown email', async ({ shop, admin }) => {
    await expect(shop.caller(admin.user).users.makeAdmin({ email: 'nobody@example.com' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.userNotFound,
    });
  });
});

describe('users.remove', () => {
  test('ends the removed user’s sessions at once, disables their sign-in and releases their unpaid orders', async ({
    shop,
    admin,
  }) => {
    const email = freshEmail();
    const { idToken, uid } = await signInForIdToken(
      emulatorUrl(),
      TEST_PROJECT_ID,
      { email, password: 'secret123' },
      { create: true },
    );
    const { token } = await shop.caller(null).users.createSession({ email, idToken });
    const caller = await callerWithToken(shop, token);
    const me = await caller.users.me();
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 5 });
    const order = await caller.bookings.create({ toolsId: tool.id, amount: 2, phone: '555 0100', address: 'Main St 1' });

    await expect(shop.caller(admin.user).users.remove({ id: me._id })).resolves.toEqual({ deletedCount: 1 });

    await expect((await callerWithToken(shop, token)).users.me()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: messages.accountRemoved,
    });
    await expect(shop.deps.identity.getUserByEmail(email.toLowerCase())).resolves.toEqual({ uid, disabled: true });
    const [released] = await shop.database.db.select({ available: tools.available }).from(tools).where(eq(tools.id, tool.id));
    expect(released?.available).toBe(5);
    const [kept] = await shop.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, order._id));
    expect(kept?.status).toBe('cancelled');
    const { items: list } = await shop.caller(admin.user).users.list();
    expect(list.map((u) => u._id)).not.toContain(me._id);
  });

  test('releases every unpaid order of the removed user, closing their payments, keeps the paid ones, and audits only the removal', async ({
    shop,
    admin,
  }) => {
    const removed = await shop.createUser('user');
    const book = (toolId: string, amount: number) =>
      shop.caller(removed.user).bookings.create({ toolsId: toolId, amount, phone: '555 0100', address: 'Main St 1' });
    const wheels = await shop.createTool({ minimumOrderQuantity: 1, available: 10 });
    const chains = await shop.createTool({ minimumOrderQuantity: 1, available: 8 });
    const withIntent = await book(chains.id, 4);
    const { paymentIntentId } = await shop.caller(removed.user).payments.createIntent({ bookingId: withIntent._id });
    const unpaid = [await book(wheels.id, 2), await book(wheels.id, 3), withIntent];
    const paid = await book(chains.id, 1);
    await shop.database.db.update(bookings).set({ status: 'paid', transactionId: 'pi_test_kept' }).where(eq(bookings.id, paid._id));
    const auditedBefore = (await shop.caller(admin.user).users.auditLog()).items.length;

    await expect(shop.caller(admin.user).users.remove({ id: removed.user.id })).resolves.toEqual({ deletedCount: 1 });

    for (const order of unpaid) {
      const [row] = await shop.database.db
        .select({ status: bookings.status, cancelReason: bookings.cancelReason })
        .from(bookings)
        .where(eq(bookings.id, order._id));
      expect(row).toEqual({ status: 'cancelled', cancelReason: 'account_removed' });
    }
    const [kept] = await shop.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, paid._id));
    expect(kept?.status).toBe('paid');
    const stock = await shop.database.db.select({ id: tools.id, available: tools.available }).from(tools);
    expect(stock.find((tool) => tool.id === wheels.id)?.available).toBe(10);
    expect(stock.find((tool) => tool.id === chains.id)?.available).toBe(7);
    expect((await shop.deps.payments.retrieveIntent(paymentIntentId))?.status).toBe('canceled');
    const { items: log } = await shop.caller(admin.user).users.auditLog();
    expect(log.slice(0, log.length - auditedBefore)).toEqual([
      expect.objectContaining({ action: 'user.remove', subject: removed.user.email, actorEmail: admin.user.email }),
    ]);
  });

  test('refuses removing oneself, and refuses customers', async ({ shop, customer, admin }) => {
    await expect(shop.caller(admin.user).users.remove({ id: admin.user.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.cannotRemoveSelf,
    });
    await expect(shop.caller(customer.user).users.remove({ id: admin.user.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(admin.user).users.remove({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.userNotFound,
    });
    await expect(shop.caller(admin.user).users.me()).resolves.toMatchObject({ email: admin.user.email });
  });
});
