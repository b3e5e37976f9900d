// My Profile through the tRPC caller: a customer sets the name, photo, phone and address of their
// own account only, bad input changes nothing, a new name or photo is audited, and a later sign-in
// does not put the identity provider's older name back.
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { VAT_ID_FORMAT_MESSAGE } from '../../shared/vat-ids';
import { createContextInner } from '../context';
import { auditEvents, users } from '../db/schema';
import { signInForIdToken } from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';
import type { TestShop, TestUser } from '../testing/test-shop';
import { createCaller } from '.';

const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

const GOOGLE_PHOTO = 'https://lh3.googleusercontent.com/a/rider-photo=s96-c';
const complete = {
  displayName: 'Ada Rider',
  photoUrl: GOOGLE_PHOTO,
  phone: '+44 20 7946 0958',
  address: '12 Chain Lane, Leeds',
};

async function storedProfile(shop: TestShop, userId: string) {
  const [row] = await shop.database.db
    .select({ displayName: users.displayName, photoUrl: users.photoUrl, phone: users.phone, address: users.address })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

async function auditOf(shop: TestShop, email: string) {
  return shop.database.db
    .select({ action: auditEvents.action, subject: auditEvents.subject, actorEmail: auditEvents.actorEmail })
    .from(auditEvents)
    .where(eq(auditEvents.actorEmail, email))
    .orderBy(desc(auditEvents.seq));
}

describe('users.updateProfile', () => {
  test('saves the name, photo, phone and address, and users.me answers them', async ({ shop }) => {
    const customer = await shop.createUser('user');
    await expect(shop.caller(customer.user).users.updateProfile(complete)).resolves.toEqual(complete);

    const me = await createCaller(await createContextInner(shop.deps, `Bearer ${customer.token}`)).users.me();
    expect(me).toMatchObject({ displayName: 'Ada Rider', photoURL: GOOGLE_PHOTO, phone: complete.phone, address: complete.address });
  });

  test('saves a company and a VAT ID (normalised), which make a business, and refuses a malformed ID', async ({ shop }) => {
    const customer = await shop.createUser('user');
    await shop.caller(customer.user).users.updateProfile({ ...complete, companyName: 'Vélo Lyon SARL', vatId: 'fr 40 303 265 045' });

    const me = await createCaller(await createContextInner(shop.deps, `Bearer ${customer.token}`)).users.me();
    expect(me).toMatchObject({ companyName: 'Vélo Lyon SARL', vatId: 'FR40303265045' });
    await expect(shop.caller(customer.user).users.updateProfile({ ...complete, vatId: 'FR123' })).rejects.toThrow(
      VAT_ID_FORMAT_MESSAGE,
    );
    expect(await createCaller(await createContextInner(shop.deps, `Bearer ${customer.token}`)).users.me()).toMatchObject({
      vatId: 'FR40303265045',
    });
  });

  test('keeps blank fields as none and trims what was typed', async ({ shop }) => {
    const customer = await shop.createUser('user', { phone: '555 0100', address: 'Old Road 1', photoUrl: GOOGLE_PHOTO });
    await shop.caller(customer.user).users.updateProfile({ displayName: '  Ada  ', photoUrl: ' ', phone: '', address: '   ' });
    expect(await storedProfile(shop, customer.user.id)).toEqual({ displayName: 'Ada', photoUrl: null, phone: null, address: null });
  });

  test('saves nothing for an account removed while its session was being checked, and says so', async ({ shop }) => {
    const customer = await shop.createUser('user');
    const before = await storedProfile(shop, customer.user.id);
    // The caller's session user was read before an admin removed the account.
    await shop.database.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, customer.user.id));

    await expect(shop.caller(customer.user).users.updateProfile(complete)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: messages.accountRemoved,
    });
    expect(await storedProfile(shop, customer.user.id)).toEqual(before);
    expect(await auditOf(shop, customer.user.email)).toEqual([]);
  });

  test('changes only the caller’s own account', async ({ shop }) => {
    const [customer, other] = [await shop.createUser('user'), await shop.createUser('user')];
    const otherBefore = await storedProfile(shop, other.user.id);
    // Nothing in the input names an account: a stray id is not read.
    await shop.caller(customer.user).users.updateProfile({ ...complete, id: other.user.id } as typeof complete);
    expect(await storedProfile(shop, other.user.id)).toEqual(otherBefore);
    expect(await storedProfile(shop, customer.user.id)).toEqual(complete);
  });

  test.for<[string, Partial<typeof complete>, string]>([
    ['a name with a direction override', { displayName: 'Ada\u202Eredir' }, messages.displayNameInvalid],
    ['an empty name', { displayName: '  ' }, messages.nameRequired],
    ['a name over 100 characters', { displayName: 'a'.repeat(101) }, messages.displayNameTooLong],
    ['a photo from another host', { photoUrl: 'https://tracker.example/pixel.png' }, messages.photoUrlNotAllowed],
    ['a photo over plain http', { photoUrl: 'http://lh3.googleusercontent.com/a/x' }, messages.photoUrlNotAllowed],
    ['a phone with letters', { phone: 'call me' }, messages.phoneInvalid],
    ['an address with control characters', { address: 'Road\u0007 1' }, messages.textHasControlCharacters],
  ])('refuses %s with a 400 and changes nothing', async ([, change, message], { shop }) => {
    const customer = await shop.createUser('user', { phone: '555 0100', address: 'Old Road 1' });
    const before = await storedProfile(shop, customer.user.id);
    await expect(shop.caller(customer.user).users.updateProfile({ ...complete, ...change })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message,
    });
    expect(await storedProfile(shop, customer.user.id)).toEqual(before);
    expect(await auditOf(shop, customer.user.email)).toEqual([]);
  });

  test('refuses a visitor without a session', async ({ shop }) => {
    await expect(shop.caller(null).users.updateProfile(complete)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('records a new name or photo in the audit log, and not a new phone or address', async ({ shop }) => {
    const customer = await shop.createUser('user');
    const caller = shop.caller(customer.user);
    const sameNameNoPhoto = { displayName: customer.user.displayName ?? '', photoUrl: '' };
    await caller.users.updateProfile({ ...sameNameNoPhoto, phone: '555 0199', address: 'New Road 2' });
    expect(await auditOf(shop, customer.user.email)).toEqual([]);

    await caller.users.updateProfile(complete);
    expect(await auditOf(shop, customer.user.email)).toEqual([
      { action: 'user.profile_update', subject: `${customer.user.email}: name, photo`, actorEmail: customer.user.email },
    ]);
  });
});

describe('a sign-in after the customer set their profile', () => {
  test('keeps the name and photo set in the shop, not the provider’s older ones', async ({ shop }) => {
    const email = `rider-${randomBytes(5).toString('hex')}@example.com`;
    const account = { email, password: 'secret123', displayName: 'Name At Sign-up' };
    const first = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, account, { create: true });
    const { token } = await shop.caller(null).users.createSession({ email, idToken: first.idToken });
    const customer: TestUser['user'] = (await createContextInner(shop.deps, `Bearer ${token}`)).user!;
    await shop.caller(customer).users.updateProfile({ ...complete, displayName: 'Name Set In Shop' });

    const again = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, account);
    const next = await shop.caller(null).users.createSession({ email, idToken: again.idToken });
    const me = await createCaller(await createContextInner(shop.deps, `Bearer ${next.token}`)).users.me();
    expect(me).toMatchObject({ displayName: 'Name Set In Shop', photoURL: GOOGLE_PHOTO });
  });
});
