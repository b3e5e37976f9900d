// Journey 3: signing in with email and password, with Google through the Auth emulator's own
// sign-in page, and coming back to the page that sent the person to /login.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage, uniqueEmail } from './support/api';
import { useBrowser } from './support/browser';
import {
  accessToken,
  expectPath,
  expectRed,
  expectText,
  navbar,
  openFromSidebar,
  see,
  signInInBrowser,
  signInWithGoogleInBrowser,
  signOutButton,
  submitLogin,
} from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('signing in', () => {
  it('with email and password lands on /home signed in', async () => {
    const customer = await shop.customer('signin');
    const { page } = await browser.open();
    await signInInBrowser(page, customer);
    await see(navbar(page).getByRole('link', { name: 'Dashboard', exact: true }));
    expect(await accessToken(page)).toMatch(/\S{20,}/);
  });

  it('asks for a valid email and a long enough password, and shows the provider’s refusal in red', async () => {
    const customer = await shop.customer('wrongpass');
    const { page } = await browser.open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await see(page.getByText(messages.emailRequired, { exact: true }));
    await see(page.getByText(messages.passwordRequired, { exact: true }));

    await submitLogin(page, { email: 'rider@example', password: 'short' });
    await see(page.getByText(messages.emailInvalid, { exact: true }));
    await see(page.getByText(messages.passwordTooShort, { exact: true }));

    await submitLogin(page, { email: customer.email, password: 'not-the-password' });
    const error = page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' });
    await see(error);
    await expectRed(error);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await accessToken(page)).toBeNull();
  });

  it('with Google through the emulator’s sign-in page, name and photo included', async () => {
    const email = uniqueEmail('google');
    const name = 'Gale Freewheel';
    // Only Google's avatar hosts are shown (docs/decisions/0009); the address is checked, not loaded.
    const photo = 'https://lh3.googleusercontent.com/a/gale-freewheel=s96-c';
    shop.forget(email);
    const { page, context } = await browser.open();
    await signInWithGoogleInBrowser(page, context, { email, name, photo });

    await expectPath(page, '/home');
    await see(signOutButton(page));
    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await openFromSidebar(page, 'My Profile');
    await expectText(page.locator('dl').getByText(name, { exact: true }), name);
    await see(page.getByText(email, { exact: true }));
    expect(await page.getByRole('img', { name: `Photo of ${name}` }).getAttribute('src')).toBe(photo);
  });

  it('returns to the page that sent the visitor to /login', async () => {
    const customer = await shop.customer('return');
    const { page } = await browser.open();
    await page.goto('/dashboard/addreview');
    await expectPath(page, '/login');
    await submitLogin(page, customer);
    await expectPath(page, '/dashboard/addreview');
    await see(page.getByRole('heading', { name: 'Add A Review', level: 1 }));
  });

  it('with Google and no connection to Google says it needs one, never a raw Firebase code', async () => {
    const { page, context } = await browser.open();
    await context.route(/^https:\/\/apis\.google\.com\//, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    const error = page.getByRole('alert').filter({ hasText: messages.googleNeedsConnection });
    await see(error);
    expect(await page.getByRole('alert').allTextContents()).not.toContainEqual(expect.stringContaining('auth/'));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await accessToken(page)).toBeNull();
  });
});
