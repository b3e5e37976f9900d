// The first admin of a deployment is made from a person's verified identity at the provider, bound
// to its uid as a sign-in would bind it, audited once; anything else is refused and changes nothing.
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { inject } from 'vitest';
import { describe, expect, test } from '../../testing/fixtures';
import { describeProblem, fitOf } from '../../../shared/bike-standards';
import { demoTools } from '../../db/demo-data';
import { demoBike } from '../../db/demo-fits';
import { seedDemoCatalogue } from '../../db/seed';
import { auditEvents, tools, users } from '../../db/schema';
import { signInForIdToken } from '../../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../../testing/test-keys';
import type { TestShop } from '../../testing/test-shop';
import { BOOTSTRAP_ACTOR, BootstrapRefusal, bootstrapAdmin } from './bootstrap-admin';

const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

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

async function accountOf(shop: TestShop, email: string) {
  const [row] = await shop.deps.db
    .select({ id: users.id, role: users.role, firebaseUid: users.firebaseUid, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

async function auditsOf(shop: TestShop, email: string): Promise<Array<{ actorEmail: string; action: string }>> {
  return shop.deps.db
    .select({ actorEmail: auditEvents.actorEmail, action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.subject, email));
}

const bootstrap = (shop: TestShop, email: string) => bootstrapAdmin(shop.deps.db, shop.deps.identity, email);

/**
 * The refusal the command gives for `email`. `rejects.toThrow` alone would also pass for a rejection
 * that is no error at all, so the refusal's class is checked too.
 */
async function refusalFor(shop: TestShop, email: string): Promise<string> {
  const refusal = await bootstrap(shop, email).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(BootstrapRefusal);
  return (refusal as BootstrapRefusal).message;
}

describe('bootstrapAdmin', () => {
  test('creates the admin account bound to the verified identity, audited, and changes nothing when run again', async ({ shop }) => {
    const email = freshEmail();
    const uid = await signedUp(email, true);

    expect((await bootstrap(shop, ` ${email.toUpperCase()} `)).outcome).toBe('created');
    expect(await accountOf(shop, email)).toMatchObject({ role: 'admin', firebaseUid: uid, emailVerified: true });
    expect(await auditsOf(shop, email)).toEqual([{ actorEmail: BOOTSTRAP_ACTOR, action: 'user.make_admin' }]);

    expect((await bootstrap(shop, email)).outcome).toBe('unchanged');
    expect(await auditsOf(shop, email)).toHaveLength(1);
  });

  test('makes the account the identity already signed in with admin', async ({ shop }) => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    const customer = await shop.createUser('user', { email, firebaseUid: uid, emailVerified: false });

    expect(await bootstrap(shop, email)).toEqual({ userId: customer.user.id, outcome: 'promoted' });
    expect(await accountOf(shop, email)).toMatchObject({ id: customer.user.id, role: 'admin', emailVerified: true });
    expect(await auditsOf(shop, email)).toEqual([{ actorEmail: BOOTSTRAP_ACTOR, action: 'user.make_admin' }]);
  });

  test('moves an admin whose address changed at the provider to the new address', async ({ shop }) => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    const admin = await shop.createUser('admin', { email: freshEmail(), firebaseUid: uid });

    expect(await bootstrap(shop, email)).toEqual({ userId: admin.user.id, outcome: 'promoted' });
    expect(await accountOf(shop, email)).toMatchObject({ id: admin.user.id, role: 'admin' });
    expect(await accountOf(shop, admin.user.email)).toBeUndefined();
  });

  test('binds an account from before binding (a seeded row) to the verified identity', async ({ shop }) => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    const seeded = await shop.createUser('user', { email, firebaseUid: null, emailVerified: false });

    expect((await bootstrap(shop, email)).outcome).toBe('promoted');
    expect(await accountOf(shop, email)).toMatchObject({ id: seeded.user.id, role: 'admin', firebaseUid: uid, emailVerified: true });
    expect(await auditsOf(shop, email)).toEqual([{ actorEmail: BOOTSTRAP_ACTOR, action: 'user.make_admin' }]);
  });

  test('refuses an email nobody signed up with, creating nothing', async ({ shop }) => {
    const email = freshEmail();
    expect(await refusalFor(shop, email)).toBe(
      `There is no account for ${email} at the identity provider: sign up with it on the shop first, then run this again.`,
    );
    expect(await accountOf(shop, email)).toBeUndefined();
    expect(await auditsOf(shop, email)).toEqual([]);
  });

  test('refuses an identity whose email is not verified, creating nothing', async ({ shop }) => {
    const email = freshEmail();
    await signedUp(email, false);
    expect(await refusalFor(shop, email)).toMatch(/^The email .* is not verified at the identity provider: verify it/);
    expect(await accountOf(shop, email)).toBeUndefined();
  });

  test('refuses an address whose account belongs to another sign-in, leaving it as it was', async ({ shop }) => {
    const email = freshEmail();
    await signedUp(email, true);
    await shop.createUser('user', { email, firebaseUid: `another-${randomBytes(4).toString('hex')}` });

    expect(await refusalFor(shop, email)).toMatch(/belongs to the shop account of another sign-in/);
    expect(await accountOf(shop, email)).toMatchObject({ role: 'user' });
    expect(await auditsOf(shop, email)).toEqual([]);
  });

  test('refuses an account an admin removed', async ({ shop }) => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    await shop.createUser('user', { email, firebaseUid: uid, removedAt: new Date() });

    expect(await refusalFor(shop, email)).toMatch(/was removed by an admin/);
    expect(await accountOf(shop, email)).toMatchObject({ role: 'user' });
  });

  test('refuses a removed account from before binding, leaving it unbound', async ({ shop }) => {
    const email = freshEmail();
    await signedUp(email, true);
    await shop.createUser('user', { email, firebaseUid: null, removedAt: new Date() });

    expect(await refusalFor(shop, email)).toMatch(/was removed by an admin/);
    expect(await accountOf(shop, email)).toMatchObject({ role: 'user', firebaseUid: null });
  });

  test('refuses an identity disabled at the provider, creating nothing', async ({ shop }) => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    await shop.deps.identity.disableUser(uid);

    expect(await refusalFor(shop, email)).toMatch(/is disabled at the identity provider/);
    expect(await accountOf(shop, email)).toBeUndefined();
  });

  test('refuses an identity whose new address another account holds, leaving both as they were', async ({ shop }) => {
    const email = freshEmail();
    const uid = await signedUp(email, true);
    // The identity's account still has its old address; the new one belongs to another sign-in.
    const own = await shop.createUser('user', { email: freshEmail(), firebaseUid: uid });
    await shop.createUser('user', { email, firebaseUid: `another-${randomBytes(4).toString('hex')}` });

    expect(await refusalFor(shop, email)).toMatch(/belongs to the shop account of another sign-in/);
    expect(await accountOf(shop, own.user.email)).toMatchObject({ role: 'user', firebaseUid: uid });
    expect(await accountOf(shop, email)).toMatchObject({ role: 'user' });
    expect(await auditsOf(shop, email)).toEqual([]);
  });
});

describe('seedDemoCatalogue', () => {
  test('adds the demo parts once, and no demo accounts', async ({ shop }) => {
    const partsNow = async () => (await shop.deps.db.select({ parts: count() }).from(tools).where(isNull(tools.variantOf)))[0]?.parts;
    const before = await partsNow();
    // This file's database has no parts until here.
    expect(before).toBe(0);
    expect(await seedDemoCatalogue(shop.deps.db)).toBe(true);
    expect(await partsNow()).toBe(demoTools.length);
    expect(await seedDemoCatalogue(shop.deps.db)).toBe(false);
    expect(await partsNow()).toBe(demoTools.length);
    expect(await accountOf(shop, 'admin@example.com')).toBeUndefined();
  });

  test('puts every demo part in its demo category, under the demo tree', async ({ shop }) => {
    const visitor = shop.caller(null).categories;
    expect((await visitor.tree()).map((category) => category.name)).toEqual([
      'Drivetrain',
      'Cockpit',
      'Seatposts & Saddles',
      'Wheels',
      'Tools',
    ]);
    // Parts, that is: a variant is placed and fitted by its part (docs/decisions/0052).
    const unplaced = await shop.deps.db
      .select({ name: tools.name })
      .from(tools)
      .where(and(isNull(tools.categoryId), isNull(tools.variantOf)));
    expect(unplaced).toEqual([]);
    const drivetrain = await visitor.page({ slug: 'drivetrain' });
    expect(drivetrain.items.map((part) => part.name).sort()).toEqual(['Bike Cassettes & Freewheels', 'Bike Derailleurs']);
    expect(drivetrain.children.map((child) => `${child.name}: ${child.parts}`)).toEqual([
      'Cassettes & Freewheels: 1',
      'Chains: 0',
      'Derailleurs: 1',
    ]);
    const stems = await shop.deps.db.select({ id: tools.id }).from(tools).where(eq(tools.name, 'Quill Bike Stems'));
    expect((await visitor.trailOfPart({ id: stems[0]!.id })).map((step) => step.slug)).toEqual(['cockpit', 'stems']);
  });

  test('gives every demo part its compatibility, so the demo Gravel bike fits some drivetrain parts and not the cassette', async ({
    shop,
  }) => {
    const named = await shop.deps.db
      .select({ name: tools.name, compatibility: tools.compatibility })
      .from(tools)
      .where(isNull(tools.variantOf));
    expect(named.filter((part) => Object.keys(part.compatibility).length === 0)).toEqual([]);
    const visitor = shop.caller(null);
    const fitting = await visitor.categories.page({ slug: 'drivetrain', fits: demoBike.standards });
    expect(fitting.items.map((part) => part.name)).toEqual(['Bike Derailleurs']);
    const cassette = named.find((part) => part.name === 'Bike Cassettes & Freewheels')!;
    const fit = fitOf(cassette.compatibility, demoBike.standards);
    expect(fit.fits ? [] : fit.problems.map(describeProblem)).toEqual([
      'Freehub body: needs Shimano HG, Shimano HG road 11-speed or Shimano Microspline, yours is SRAM XDR',
    ]);
  });
});
