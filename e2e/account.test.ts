// Account self-service: a forgotten password is reset with the link the shop emails (read from the
// mail catcher) on the shop's own page, and a customer edits their name and saves a phone and
// address on My Profile, which the navbar and the booking modal then show. The pages pass axe.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { PASSWORD, stage, uniqueEmail } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { emailTo, inboxOf, linkIn } from './support/inbox';
import {
  expectPath,
  expectText,
  expectToast,
  loginLink,
  navbar,
  openFromSidebar,
  productCard,
  see,
  signInInBrowser,
  signOutButton,
  signUpInBrowser,
  submitLogin,
} from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('resetting a forgotten password', () => {
  it('mails the reset link from /login; the shop’s page sets a new password, and only the new one signs in', async () => {
    const account = await shop.customer('forgetful');
    const { page } = await browser.open();
    await page.goto('/login');

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Forgot password?', exact: true }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'reset' }), messages.passwordResetSent(account.email));
    expect(await seriousViolations(page)).toEqual([]);

    // The shop's own email, in the mail catcher: it names nobody and links to the shop.
    const email = await emailTo(account.email, 'Reset your Sprocket password');
    expect(email.text).not.toContain(account.name);
    await page.goto(linkIn(email, '/reset-password'));
    await see(page.getByText(messages.passwordResetFor(account.email), { exact: true }));
    expect(await seriousViolations(page)).toEqual([]);
    const newPassword = 'a-fresh-secret-9';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password', exact: true }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'password' }), messages.passwordChanged);

    // The link works once.
    await page.goto(linkIn(email, '/reset-password'));
    await expectText(page.getByRole('alert'), messages.passwordResetLinkInvalid);

    await page.goto('/login');
    await submitLogin(page, { email: account.email, password: account.password });
    await see(page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }));
    await signInInBrowser(page, { email: account.email, password: newPassword });
  });

  it('answers an address without an account exactly as one with an account, and mails it nothing', async () => {
    const stranger = uniqueEmail('stranger');
    const account = await shop.customer('remembers');
    const { page } = await browser.open();
    await page.goto('/login');

    await page.getByLabel('Email', { exact: true }).fill(stranger);
    await page.getByRole('button', { name: 'Forgot password?', exact: true }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'reset' }), messages.passwordResetSent(stranger));

    // A reset asked for after it arrives; by then the stranger's would have too.
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Forgot password?', exact: true }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'reset' }), messages.passwordResetSent(account.email));
    await emailTo(account.email, 'Reset your Sprocket password');
    expect(await inboxOf(stranger)).toEqual([]);
  });
});

describe('editing the profile', () => {
  it('saves a new name, phone and address: the navbar shows the name and the booking modal starts from them', async () => {
    const part = await shop.part();
    const person = { name: 'Edda Editor', email: uniqueEmail('editor'), password: PASSWORD };
    shop.forget(person.email);
    const { page } = await browser.open();
    await signUpInBrowser(page, person);
    await see(navbar(page).getByRole('link', { name: person.name, exact: true }));

    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await openFromSidebar(page, 'My Profile');
    const form = await see(page.getByRole('form', { name: 'Edit profile' }));
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(person.name);

    // A bad phone is refused under its field, and nothing is saved.
    await form.getByLabel('Phone', { exact: true }).fill('call me');
    await form.getByRole('button', { name: 'Save profile', exact: true }).click();
    await see(form.getByText(messages.phoneInvalid, { exact: true }));

    await form.getByLabel('Name', { exact: true }).fill('Edda Rider');
    await form.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0958');
    await form.getByLabel('Address', { exact: true }).fill('12 Chain Lane, Leeds');
    await form.getByRole('button', { name: 'Save profile', exact: true }).click();
    await expectToast(page, messages.profileSaved);
    await see(navbar(page).getByRole('link', { name: 'Edda Rider', exact: true }));
    await expectText(page.locator('dl').locator('xpath=.//dt[.="Name"]/following-sibling::dd[1]'), 'Edda Rider');
    expect(await seriousViolations(page)).toEqual([]);

    // The shop's name holds after signing in again, and the booking modal is filled in.
    await signOutButton(page).click();
    // Signing out on the profile asks to sign in again, and signing in comes back to the profile.
    await see(loginLink(page));
    await expectPath(page, '/login');
    await submitLogin(page, person);
    await expectPath(page, '/dashboard/profile');
    await see(navbar(page).getByRole('link', { name: 'Edda Rider', exact: true }));
    await page.goto('/home');
    const card = await productCard(page, part.name);
    await card.getByRole('button', { name: 'Book Now' }).click();
    const modal = await see(page.getByRole('dialog', { name: `Book ${part.name}` }));
    expect(await modal.getByLabel('Name').inputValue()).toBe('Edda Rider');
    expect(await modal.getByLabel('Phone').inputValue()).toBe('+44 20 7946 0958');
    expect(await modal.getByLabel('Address').inputValue()).toBe('12 Chain Lane, Leeds');
    await modal.getByRole('button', { name: 'Confirm booking' }).click();
    await expectToast(page, messages.booked);
    await expectPath(page, '/home');
  });
});
