// Journey 10: the profile shows the person's photo, display name and email; Sign out ends the
// session: the accessToken is gone and no longer works on the server, the dashboard asks for a
// sign-in again, even after a reload. The profile verifies the email with the link the provider
// sends, and signs the person out on every device.
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { PASSWORD, stage, uniqueEmail, verificationLinkFor } from './support/api';
import { useBrowser } from './support/browser';
import {
  accessToken,
  expectPath,
  expectToast,
  gone,
  expectText,
  loginLink,
  navbar,
  openFromSidebar,
  see,
  signInInBrowser,
  signOutButton,
  signUpInBrowser,
  submitLogin,
} from './support/journeys';

/** The HTTP status the server answers a session token with now. */
async function sessionStatus(token: string | null): Promise<number> {
  const response = await fetch(`${inject('baseUrl')}/trpc/users.me`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

const browser = useBrowser();
const shop = stage();

describe('the profile and signing out', () => {
  it('shows photo, display name and email; Sign out clears the session and the accessToken', async () => {
    const person = { name: 'Pia Profile', email: uniqueEmail('profile'), password: PASSWORD };
    shop.forget(person.email);
    const { page } = await browser.open();
    await signUpInBrowser(page, person);
    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await openFromSidebar(page, 'My Profile');

    const photo = await see(page.getByRole('img', { name: `Photo of ${person.name}` }));
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const details = page.locator('dl');
    await expectText(details.locator('xpath=.//dt[.="Name"]/following-sibling::dd[1]'), person.name);
    await expectText(details.locator('xpath=.//dt[.="Email"]/following-sibling::dd[1]'), person.email);
    await expectText(details.locator('xpath=.//dt[.="Account"]/following-sibling::dd[1]'), 'Customer');
    const token = await accessToken(page);
    expect(token).toMatch(/\S{20,}/);
    expect(await sessionStatus(token)).toBe(200);

    await signOutButton(page).click();
    await see(loginLink(page));
    expect(await accessToken(page)).toBeNull();
    // A copy of the token, say in another tab or in a thief's hands, stopped working too.
    expect(await sessionStatus(token)).toBe(401);
    expect(await navbar(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    // The identity provider's sign-in is gone too: after a reload the dashboard still asks for one.
    await page.reload();
    await see(loginLink(page));
    await page.goto('/dashboard/profile');
    await expectPath(page, '/login');
  });

  it('verifies the email with the link the provider sends', async () => {
    const person = { name: 'Vera Verify', email: uniqueEmail('verify'), password: PASSWORD };
    shop.forget(person.email);
    const { page } = await browser.open();
    await signUpInBrowser(page, person);
    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await openFromSidebar(page, 'My Profile');

    await page.getByRole('button', { name: 'Verify your email', exact: true }).click();
    await expectToast(page, messages.verificationEmailSent(person.email));
    const link = await verificationLinkFor(person.email);
    expect(link).toBeDefined();
    // The person opens the link from their mailbox.
    expect((await fetch(link ?? '')).status).toBe(200);

    // The server learns of it at the next sign-in, which comes back to the profile.
    await signOutButton(page).click();
    await see(loginLink(page));
    await page.goto('/dashboard/profile');
    await expectPath(page, '/login');
    await submitLogin(page, person);
    await expectPath(page, '/dashboard/profile');
    await see(page.getByRole('button', { name: 'Sign out everywhere', exact: true }));
    expect(await page.getByRole('button', { name: 'Verify your email' }).count()).toBe(0);
  });

  it('signs out on every device from the profile', async () => {
    const customer = await shop.customer('everywhere');
    const laptop = await browser.open();
    const phone = await browser.open();
    for (const { page } of [laptop, phone]) await signInInBrowser(page, customer);
    const phoneToken = await accessToken(phone.page);
    expect(await sessionStatus(phoneToken)).toBe(200);

    await laptop.page.goto('/dashboard/profile');
    await laptop.page.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
    await expectToast(laptop.page, messages.signedOutEverywhere);
    await see(loginLink(laptop.page));
    expect(await accessToken(laptop.page)).toBeNull();
    expect(await sessionStatus(phoneToken)).toBe(401);

    // The phone finds out at its next call: its orders are refused, and it signs out.
    await phone.page.goto('/dashboard');
    await gone(signOutButton(phone.page));
    await see(loginLink(phone.page));
  });
});
