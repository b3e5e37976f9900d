// Journey 2: signing up. Each validation message of SPEC.md §5, the identity provider's refusal of
// a taken email in red, and a good sign-up that lands on /home signed in.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { PASSWORD, stage, uniqueEmail } from './support/api';
import { useBrowser } from './support/browser';
import { accessToken, expectPath, expectRed, expectText, gone, navbar, see, signOutButton, signUpInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('signing up', () => {
  it('names every missing or malformed field', async () => {
    const { page } = await browser.open();
    await page.goto('/signup');
    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign Up', exact: true });

    await submit.click();
    await see(page.getByText(messages.nameRequired, { exact: true }));
    await see(page.getByText(messages.emailRequired, { exact: true }));
    await see(page.getByText(messages.passwordRequired, { exact: true }));

    await name.fill('Nia Spoke');
    await email.fill('nia.spoke-at-example.com');
    await password.fill('12345');
    await submit.click();
    await see(page.getByText(messages.emailInvalid, { exact: true }));
    await see(page.getByText(messages.passwordTooShort, { exact: true }));
    await gone(page.getByText(messages.nameRequired, { exact: true }));
    for (const field of [email, password]) expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('shows the provider’s error in red for an email that already has an account', async () => {
    const existing = await shop.customer('taken');
    const { page } = await browser.open();
    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill('Second Rider');
    await page.getByLabel('Email', { exact: true }).fill(existing.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    const error = page.getByRole('alert').filter({ hasText: 'An account with this email already exists. Please log in instead.' });
    await see(error);
    await expectRed(error);
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await accessToken(page)).toBeNull();
  });

  it('lands on /home with Dashboard and SignOut in the navbar', async () => {
    const person = { name: 'Nia Spoke', email: uniqueEmail('signup'), password: PASSWORD };
    shop.forget(person.email);
    const { page } = await browser.open();
    await signUpInBrowser(page, person);

    await expectPath(page, '/home');
    await see(navbar(page).getByRole('link', { name: 'Dashboard', exact: true }));
    await see(signOutButton(page));
    expect(await navbar(page).getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    expect(await accessToken(page)).toMatch(/\S{20,}/);

    // The display name was set before the session was asked for: the profile shows it.
    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click();
    await expectText(page.locator('dl').getByText(person.name, { exact: true }), person.name);
  });
});
