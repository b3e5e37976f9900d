// Smoke: every public route of SPEC.md §2 renders its heading in Chromium without console errors,
// on a desktop and a phone.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { useBrowser } from './support/browser';

const browser = useBrowser();

const publicRoutes: Array<[path: string, heading: string | RegExp]> = [
  ['/', 'Book the parts your next build needs'],
  ['/home', 'Book the parts your next build needs'],
  ['/login', /login/i],
  ['/signup', /sign ?up/i],
  ['/blogs', 'Questions from the workshop'],
  ['/portfolio', /.+/],
  ['/contact', messages.notFoundPage],
  ['/no/such/page', messages.notFoundPage],
];

const DOCUMENT_NOT_FOUND = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

describe.each([
  ['desktop', 1280],
  ['phone', 375],
])('on a %s', (_device, width) => {
  it.each(publicRoutes)('%s renders its heading with no console error', async (path, heading) => {
    const { page, errors } = await browser.open({ width });
    const response = await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first().textContent({ timeout: 15_000 })).resolves.toMatch(heading);
    // An address with no page is answered 404, which Chromium reports on the console itself.
    const notFound = heading === messages.notFoundPage;
    expect(response?.status()).toBe(notFound ? 404 : 200);
    expect(errors.filter((error) => !(notFound && error === DOCUMENT_NOT_FOUND))).toEqual([]);
  });
});

it('sends a signed-out visitor from /dashboard to /login', async () => {
  const { page } = await browser.open();
  await page.goto('/dashboard');
  await page.waitForURL('**/login', { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/login');
});
