// The first admin of a deployment is made from a person's verified identity at the provider, bound
// to its uid as a sign-in would bind it, audited once; anything else is refused and changes nothing.
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoTools } from '../../db/demo-data';
import { seedDemoCatalogue } from '../../db/seed';
import { auditEvents, tools, users } from '../../db/schema';
import { signInForIdToken } from '../../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../../testing/test-keys';
import { createTestShop, type TestShop } from '../../testing/test-shop';
import { BOOTSTRAP_ACTOR, BootstrapRefusal, bootstrapAdmin } from './bootstrap-admin';

let shop: TestShop;
const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

const freshEmail = () => `first-admin-${randomBytes(5).toString('hex')}@example.com`;

/** A person who signed up at the provider, with the email verified or not. */
async function signedUp(email: string, verified: boolean): Promise<string> {
  const { uid } = await signInForIdToken(
    emulatorUrl(),
    TEST_PROJECT_ID,
    { email, password: 'first-admin-pass' },
    { create: true, verified },
  );
  return uid;
}

async function accountOf(email: string) {
  const [row] = await shop.deps.db
    .select({ id: users.id, role: users.role, firebaseUid: users.firebaseUid, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

async function auditsOf(email: string): Promise<Array<{ actorEmail: string; action: string }>> {
  return shop.deps.db
    .select({ actorEmail: auditEvents.actorEmail, action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.subject, email));
}

const bootstrap = (email: string) => bootstrapAdmin(shop.deps.db, shop.deps.identity, email);

/**
 * The refusal the command gives for `email`. `rejects.toThrow` alone would also pass for a rejection
 * that is no error at all, so the refusal's class is checked too.
 */
async function refusalFor(email: string): Promise<string> {
  const refusal = await bootstrap(email).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(BootstrapRefusal);
  return (refusal as BootstrapRefusal).message;
}

describe('bootstrapAdmin', () => {
  it('creates the admin account bound to the verified identity, audited, and changes nothing when run again', async () => {
    const email = freshEmail();
    const uid = await signedUp(email, true);

    expect((await bootstrap(` ${email.toUpperCase()} `)).outcome).toBe('created');
    expect(await accountOf(email)).toMatchObject({ role: 'admin', firebaseUid: uid, emailVerified: true });
    expect(await auditsOf(email)).toEqual([{ actorEmail: BOOTSTRAP_ACTOR, action: 'user.make_admin' }]);

    expect((await bootstrap(email)).outcome).toBe('unchanged');
    expect(await auditsOf(email)).toHaveLength(1);
  });

  it('makes the account the identity already signed in with admin', async () => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    const customer = await shop.createUser('user', { email, firebaseUid: uid, emailVerified: false });

    expect(await bootstrap(email)).toEqual({ userId: customer.user.id, outcome: 'promoted' });
    expect(await accountOf(email)).toMatchObject({ id: customer.user.id, role: 'admin', emailVerified: true });
    expect(await auditsOf(email)).toEqual([{ actorEmail: BOOTSTRAP_ACTOR, action: 'user.make_admin' }]);
  });

  it('moves an admin whose address changed at the provider to the new address', async () => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    const admin = await shop.createUser('admin', { email: freshEmail(), firebaseUid: uid });

    expect(await bootstrap(email)).toEqual({ userId: admin.user.id, outcome: 'promoted' });
    expect(await accountOf(email)).toMatchObject({ id: admin.user.id, role: 'admin' });
    expect(await accountOf(admin.user.email)).toBeUndefined();
  });

  it('binds an account from before binding (a seeded row) to the verified identity', async () => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    const seeded = await shop.createUser('user', { email, firebaseUid: null, emailVerified: false });

    expect((await bootstrap(email)).outcome).toBe('promoted');
    expect(await accountOf(email)).toMatchObject({ id: seeded.user.id, role: 'admin', firebaseUid: uid, emailVerified: true });
    expect(await auditsOf(email)).toEqual([{ actorEmail: BOOTSTRAP_ACTOR, action: 'user.make_admin' }]);
  });

  it('refuses an email nobody signed up with, creating nothing', async () => {
    const email = freshEmail();
    expect(await refusalFor(email)).toBe(
      `There is no account for ${email} at the identity provider: sign up with it on the shop first, then run this again.`,
    );
    expect(await accountOf(email)).toBeUndefined();
    expect(await auditsOf(email)).toEqual([]);
  });

  it('refuses an identity whose email is not verified, creating nothing', async () => {
    const email = freshEmail();
    await signedUp(email, false);
    expect(await refusalFor(email)).toMatch(/^The email .* is not verified at the identity provider: verify it/);
    expect(await accountOf(email)).toBeUndefined();
  });

  it('refuses an address whose account belongs to another sign-in, leaving it as it was', async () => {
    const email = freshEmail();
    await signedUp(email, true);
    await shop.createUser('user', { email, firebaseUid: `another-${randomBytes(4).toString('hex')}` });

    expect(await refusalFor(email)).toMatch(/belongs to the shop account of another sign-in/);
    expect(await accountOf(email)).toMatchObject({ role: 'user' });
    expect(await auditsOf(email)).toEqual([]);
  });

  it('refuses an account an admin removed', async () => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    await shop.createUser('user', { email, firebaseUid: uid, removedAt: new Date() });

    expect(await refusalFor(email)).toMatch(/was removed by an admin/);
    expect(await accountOf(email)).toMatchObject({ role: 'user' });
  });

  it('refuses a removed account from before binding, leaving it unbound', async () => {
    const email = freshEmail();
    await signedUp(email, true);
    await shop.createUser('user', { email, firebaseUid: null, removedAt: new Date() });

    expect(await refusalFor(email)).toMatch(/was removed by an admin/);
    expect(await accountOf(email)).toMatchObject({ role: 'user', firebaseUid: null });
  });

  it('refuses an identity disabled at the provider, creating nothing', async () => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    await shop.deps.identity.disableUser(uid);

    expect(await refusalFor(email)).toMatch(/is disabled at the identity provider/);
    expect(await accountOf(email)).toBeUndefined();
  });

  it('refuses an identity whose new address another account holds, leaving both as they were', async () => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    // The identity's account still has its old address; the new one belongs to another sign-in.
    const own = await shop.createUser('user', { email: freshEmail(), firebaseUid: uid });
    await shop.createUser('user', { email, firebaseUid: `another-${randomBytes(4).toString('hex')}` });

    expect(await refusalFor(email)).toMatch(/belongs to the shop account of another sign-in/);
    expect(await accountOf(own.user.email)).toMatchObject({ role: 'user', firebaseUid: uid });
    expect(await accountOf(email)).toMatchObject({ role: 'user' });
    expect(await auditsOf(email)).toEqual([]);
  });
});

describe('seedDemoCatalogue', () => {
  it('adds the demo parts once, and no demo accounts', async () => {
    const partsNow = async () => (await shop.deps.db.select({ parts: count() }).from(tools))[0]?.parts;
    const before = await partsNow();
    // This file's database has no parts until here.
    expect(before).toBe(0);
    expect(await seedDemoCatalogue(shop.deps.db)).toBe(true);
    expect(await partsNow()).toBe(demoTools.length);
    expect(await seedDemoCatalogue(shop.deps.db)).toBe(false);
    expect(await partsNow()).toBe(demoTools.length);
    expect(await accountOf('admin@example.com')).toBeUndefined();
  });
});
