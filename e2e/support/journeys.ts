// What a person does and sees in the storefront, as small steps the journeys share: signing up and
// in, finding a part on home, reading toasts, the navbar and the dashboard sidebar. Every wait is
// for a condition, bounded by WAIT_MS.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { useOfflineGoogle } from './offline-google';

const WAIT_MS = 15_000;

/** Waits until the locator is visible and returns it. */
export async function see(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until nothing matches the locator any more. */
export async function gone(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'detached', timeout });
}

export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent({ timeout: WAIT_MS })) ?? '').replace(/\s+/g, ' ').trim();
}

export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  await see(locator);
  const poll = expect.poll(() => textOf(locator), { timeout: WAIT_MS });
  await (typeof expected === 'string' ? poll.toBe(expected) : poll.toMatch(expected));
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: WAIT_MS });
}

export const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
export const signOutButton = (page: Page) => navbar(page).getByRole('button', { name: 'SignOut', exact: true });
export const loginLink = (page: Page) => navbar(page).getByRole('link', { name: 'Login', exact: true });

/** The labels of the dashboard sidebar's links, once it has loaded the user's role. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const links = sidebar(page).getByRole('link');
  await see(links.first());
  return (await links.allTextContents()).map((label) => label.trim());
}

/** Waits for a toast saying exactly `text`, then closes it so the next toast is a fresh one. */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page
    .locator('.Toastify__toast')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();
  await see(toast);
  // A click event, not a pointer click: no need to wait for the toast's entrance animation to end.
  await toast.getByRole('button', { name: 'close' }).dispatchEvent('click');
  await toast.waitFor({ state: 'detached', timeout: WAIT_MS });
}

/** Answers the confirm dialog, by the name of one of its two buttons, after checking its question. */
export async function confirmDialog(page: Page, question: string, answer: string): Promise<void> {
  const dialog = await see(page.getByRole('alertdialog'));
  await expectText(dialog.getByText(question, { exact: true }), question);
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await gone(page.getByRole('alertdialog'));
}

export async function accessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('accessToken'));
}

/** The colour the browser paints a text in, as sRGB (daisyUI's colours are oklch). */
async function paintedRgb(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return [red, green, blue] as [number, number, number];
  });
}

export async function expectRed(locator: Locator): Promise<void> {
  const [red, green, blue] = await paintedRgb(locator);
  expect(red, `rgb(${red}, ${green}, ${blue}) is red`).toBeGreaterThan(green + 60);
  expect(red, `rgb(${red}, ${green}, ${blue}) is red`).toBeGreaterThan(blue + 60);
}

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** Signs up through /signup and waits for /home with SignOut in the navbar. */
export async function signUpInBrowser(page: Page, person: Person): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expectPath(page, '/home');
  await see(signOutButton(page));
}

/** Fills and submits the /login form on the current page (the visitor is on /login already). */
export async function submitLogin(page: Page, person: Pick<Person, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through /login and waits until the app sent the person on, signed in. */
export async function signInInBrowser(page: Page, person: Pick<Person, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await see(page.getByRole('heading', { name: 'Login', level: 1 }));
  await submitLogin(page, person);
  await expectPath(page, '/home');
  await see(signOutButton(page));
}

/**
 * Continues with Google from /login and adds a new account on the Auth emulator's own sign-in
 * page (the popup); the page is then on its way to /home.
 */
export async function signInWithGoogleInBrowser(
  page: Page,
  context: BrowserContext,
  account: { email: string; name: string; photo?: string },
): Promise<void> {
  await useOfflineGoogle(context);
  await page.goto('/login');
  const popupOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(account.email);
  await popup.locator('#display-name-input').fill(account.name);
  if (account.photo) await popup.locator('#profile-photo-input').fill(account.photo);
  await popup.getByRole('button', { name: /Sign in with Google/ }).click();
}

/** Opens a dashboard page from the sidebar, as a person would, and waits for its heading. */
export async function openFromSidebar(page: Page, label: string): Promise<void> {
  await sidebar(page).getByRole('link', { name: label, exact: true }).click();
  await see(page.getByRole('heading', { name: label, level: 1 }));
}

/**
 * Opens /home afresh and loads every page of parts (Load more); returns the product cards.
 * A fresh load, because a list cached from earlier in the visit may not know of newer pages yet.
 */
export async function showAllParts(page: Page): Promise<Locator> {
  await page.goto('/home');
  const cards = page.locator('#parts article');
  await see(cards.first());
  const loadMore = page.getByRole('button', { name: 'Load more', exact: true });
  while ((await loadMore.count()) > 0) {
    const before = await cards.count();
    await loadMore.click();
    await expect.poll(() => cards.count(), { timeout: WAIT_MS }).toBeGreaterThan(before);
  }
  return cards;
}

/** The card of one part on home (opens /home afresh and loads every page of parts). */
export async function productCard(page: Page, name: string): Promise<Locator> {
  const cards = await showAllParts(page);
  return see(cards.filter({ has: page.getByRole('heading', { name, exact: true }) }));
}

/** A figure of a product card: 'Minimum order' or 'Available'. */
export function cardFigure(card: Locator, label: 'Minimum order' | 'Available'): Locator {
  return card.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

export async function availableOnHome(page: Page, partName: string): Promise<number> {
  const card = await productCard(page, partName);
  return Number((await textOf(cardFigure(card, 'Available'))).replace(/,/g, ''));
}

/** The row of a dashboard table that mentions `text` (on phones the rows are cards). */
export function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}
