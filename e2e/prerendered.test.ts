// Pages before any script has run: /home rendered by the server with its data, to be hydrated;
// /login prerendered, inert until the app's code replaces it with the live page.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { loginLink, see } from './support/journeys';

const browser = useBrowser();
const PHONE = { width: 412, height: 823 };

describe('a visitor whose scripts have not run yet', () => {
  it('already sees /home with its carousel and heading, and /login with its form, not yet taking input', async () => {
    // /home is rendered with its data on each request (page-render.tsx) and hydrated, never inert.
    const { page } = await browser.open({ ...PHONE, javaScriptEnabled: false });
    await page.goto('/home');
    expect(await page.title()).toBe('Bicycle parts, booked by the batch | Sprocket');
    await see(page.locator('h1', { hasText: 'Book the parts your next build needs' }));
    const hero = page.locator('img[src="/images/carousel/slide-1.svg"]');
    await see(hero);
    expect(await hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();

    await page.goto('/login');
    expect(await page.title()).toBe('Login | Sprocket');
    await see(page.locator('h1', { hasText: 'Login' }));
    await see(page.locator('input[type="email"]'));
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
  });
});

describe('a visitor with scripts', () => {
  it('gets the live page in place of the prerendered one, with no error, and can type at once', async () => {
    const { page, errors } = await browser.open(PHONE);
    await page.goto('/login');
    await see(loginLink(page));
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    expect(await page.locator('head > title').allTextContents()).toEqual(['Login | Sprocket']);
    const email = page.getByLabel('Email');
    await email.fill('rider@example.com');
    expect(await email.inputValue()).toBe('rider@example.com');
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
