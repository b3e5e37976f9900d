// Journey 10: the profile shows the person's photo, display name and email; Sign out ends the
// session: the accessToken is gone and no longer works on the server, the dashboard asks for a
// sign-in again, even after a reload. A new account verifies its email with the link the shop mails
// (read from the mail catcher), and the profile signs the person out on every device.
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { PASSWORD, stage, uniqueEmail } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { emailTo, linkIn } from './support/inbox';
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

  it('verifies a new account’s email with the link the shop mails at sign-up, and sends another on request', async () => {
    const person = { name: 'Vera Verify', email: uniqueEmail('verify'), password: PASSWORD };
    shop.forget(person.email);
    const { page } = await browser.open();
    await signUpInBrowser(page, person);

    // The pages after sign-up say a link was mailed, and send another on request.
    const notice = page.getByRole('status').filter({ hasText: 'We sent a link to' });
    await see(notice.getByText(messages.checkInboxAfterSignup(person.email), { exact: true }));
    expect(await seriousViolations(page)).toEqual([]);
    const subject = 'Verify your email address for Sprocket';
    const first = await emailTo(person.email, subject);
    // Until the address is verified, the shop mails it nothing a person typed, not even the name.
    expect(first.text).not.toContain(person.name);
    await notice.getByRole('button', { name: 'Send again', exact: true }).click();
    await expectToast(page, messages.verificationEmailSent(person.email));
    const second = await emailTo(person.email, subject, 2);

    // The person opens the link from their mailbox: the shop's page verifies, then asks to sign in again.
    await page.goto(linkIn(second, '/verify-email'));
    await expectText(page.getByRole('status').filter({ hasText: 'verified' }), messages.emailVerifiedSignInAgain);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in again', exact: true }).click();
    await expectPath(page, '/login');
    await submitLogin(page, person);

    // The next session exchange reads the provider's record: the profile says verified.
    await expectPath(page, '/dashboard/profile');
    await expectText(
      page.locator('dl').locator('xpath=.//dt[.="Email address"]/following-sibling::dd[1]'),
      messages.emailVerifiedBadge,
    );
    expect(await page.getByRole('button', { name: 'Send verification email' }).count()).toBe(0);
    expect(await notice.count()).toBe(0);
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
