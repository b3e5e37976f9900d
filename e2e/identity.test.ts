// Identity, black-box against the running storefront and its Auth emulator, as an attacker would
// try it over HTTP: an unverified address cannot become admin, a freed address does not hand over
// its account, an unsigned token's claims are checked against the provider, a name with a NUL is a
// 400, and public reviews show no part of an email address.
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { emulatorStyleIdToken } from '../src/server/testing/firebase-accounts';
import { DEMO_ADMIN, PASSWORD, identityProjectId, signInThroughApi, stage, uniqueEmail } from './support/api';

const shop = stage();
const server = (path: string) => `${inject('baseUrl')}${path}`;
const identity = (path: string) => `${inject('authEmulatorUrl')}/identitytoolkit.googleapis.com/v1/${path}?key=any`;

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function signUpAtProvider(email: string, displayName = 'Ivy Identity') {
  return post<{ localId: string; idToken: string }>(identity('accounts:signUp'), {
    email,
    password: PASSWORD,
    displayName,
    returnSecureToken: true,
  });
}

/** PUT /user/{email} with the ID token: the status and the message a person would read. */
async function exchange(email: string, idToken: string): Promise<{ status: number; message?: string }> {
  const response = await fetch(server(`/user/${encodeURIComponent(email)}`), {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}` },
  });
  const body = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: body.error?.message };
}

describe('identity, from outside', () => {
  it('refuses to make an unverified address admin', async () => {
    const unverified = await shop.customer('unverified', { verified: false });
    const admin = await signInThroughApi(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const response = await fetch(server(`/user/admin/${encodeURIComponent(unverified.email)}`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(messages.adminNeedsVerifiedEmail);
  });

  it('does not hand an account to whoever signs up with its address after it was freed', async () => {
    const email = uniqueEmail('freed');
    shop.forget(email);
    const first = await signUpAtProvider(email);
    expect((await exchange(email, first.idToken)).status).toBe(200);
    await post(identity('accounts:delete'), { idToken: first.idToken });

    const newcomer = await signUpAtProvider(email, 'Someone Else');
    expect(await exchange(email, newcomer.idToken)).toEqual({ status: 403, message: messages.emailTakenByAnotherSignIn });
  });

  it('checks an unsigned token’s email against the provider, for the demo admin too', async () => {
    const attacker = await signUpAtProvider(uniqueEmail('attacker'));
    const forged = emulatorStyleIdToken({
      projectId: await identityProjectId(),
      uid: attacker.localId,
      email: DEMO_ADMIN.email,
      emailVerified: true,
    });
    expect(await exchange(DEMO_ADMIN.email, forged)).toEqual({ status: 401, message: messages.identityTokenInvalid });
  });

  it('answers a display name with a NUL byte with a 400', async () => {
    const email = uniqueEmail('nul');
    const account = await signUpAtProvider(email);
    await post(identity('accounts:update'), { idToken: account.idToken, displayName: 'Nul\u0000Name', returnSecureToken: true });
    const { idToken } = await post<{ idToken: string }>(identity('accounts:signInWithPassword'), {
      email,
      password: PASSWORD,
      returnSecureToken: true,
    });
    expect(await exchange(email, idToken)).toEqual({ status: 400, message: messages.displayNameInvalid });
  });

  it('shows no part of an email address on public reviews', async () => {
    const email = uniqueEmail('nameless.reviewer');
    shop.forget(email);
    const account = await signUpAtProvider(email, '');
    const exchanged = await fetch(server(`/user/${encodeURIComponent(email)}`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${account.idToken}` },
    });
    const { token } = (await exchanged.json()) as { token: string };
    const review = await fetch(server('/trpc/reviews.create'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 5, text: 'Reviewed without a display name.' }),
    });
    expect(review.status).toBe(200);
    const listed = await (await fetch(server('/review?limit=100'))).text();
    expect(listed).toContain('Reviewed without a display name.');
    expect(listed).toContain(messages.reviewerWithoutName);
    expect(listed).not.toContain('nameless.reviewer');
    expect(listed).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});
