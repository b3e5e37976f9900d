// Journey 10: the profile shows the person's photo, display name and email; Sign out ends the
// session: the accessToken is gone, the dashboard asks for a sign-in again, even after a reload.
import { describe, expect, it } from 'vitest';
import { PASSWORD, stage, uniqueEmail } from './support/api';
import { useBrowser } from './support/browser';
import {
  accessToken,
  expectPath,
  expectText,
  loginLink,
  navbar,
  openFromSidebar,
  see,
  signOutButton,
  signUpInBrowser,
} from './support/journeys';

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
    expect(await accessToken(page)).toMatch(/\S{20,}/);

    await signOutButton(page).click();
    await see(loginLink(page));
    expect(await accessToken(page)).toBeNull();
    expect(await navbar(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    // The identity provider's sign-in is gone too: after a reload the dashboard still asks for one.
    await page.reload();
    await see(loginLink(page));
    await page.goto('/dashboard/profile');
    await expectPath(page, '/login');
  });
});
