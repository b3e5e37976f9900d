// Journey 1: a visitor who is not signed in browses home, blogs and portfolio, meets the not-found
// page, and is sent to /login when opening the dashboard (SPEC.md §2).
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage } from './support/api';
import { useBrowser } from './support/browser';
import { cardFigure, expectPath, expectText, loginLink, navbar, see, showAllParts, textOf } from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('a visitor on home', () => {
  it('sees each part with its price, minimum order, available stock and a 50-character description', async () => {
    const part = await shop.part({
      price: 17.25,
      minimumOrderQuantity: 7,
      available: 140,
      description: 'Fifty characters exactly, then the rest is hidden: this sentence must not show on the card.',
    });
    const { page, errors } = await browser.open();
    const cards = await showAllParts(page);
    const card = await see(cards.filter({ has: page.getByRole('heading', { name: part.name, exact: true }) }));
    await expectText(card.getByText('$17.25', { exact: true }), '$17.25');
    await expectText(cardFigure(card, 'Minimum order'), '7');
    await expectText(cardFigure(card, 'Available'), '140');
    const preview = await textOf(card.locator('p[title]'));
    expect(preview).toBe(`${part.description.slice(0, 50).trimEnd()}…`);
    expect(preview.length).toBeLessThanOrEqual(51);
    await see(card.getByRole('img', { name: part.name }));
    await see(card.getByRole('button', { name: 'Book Now' }));

    // Every other card carries the same facts.
    for (const other of await cards.all()) {
      await see(other.getByText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/));
      expect(await textOf(cardFigure(other, 'Minimum order'))).toMatch(/^\d[\d,]*$/);
      expect(await textOf(cardFigure(other, 'Available'))).toMatch(/^\d[\d,]*$/);
      expect((await textOf(other.locator('p[title]'))).length).toBeLessThanOrEqual(51);
    }
    expect(errors).toEqual([]);
  });

  it('sees the customer reviews with their count, and the statistics block', async () => {
    const total = await shop.reviewCount();
    const { page } = await browser.open();
    await page.goto('/home');

    const reviews = page.getByRole('region', { name: /Customer reviews/ });
    await expectText(reviews.getByRole('heading', { level: 2 }), `Customer reviews ${total}`);
    await see(reviews.getByText(`${total} reviews from builders and workshops who ride our parts.`));
    const cards = reviews.locator('figure');
    await see(cards.first());
    expect(await cards.count()).toBe(Math.min(total, 6));
    await see(cards.first().locator('blockquote'));

    const stats = page.getByRole('region', { name: 'Millions of riders trust our parts' });
    await see(stats);
    for (const [figure, label] of [
      ['100+', 'Customers served'],
      ['$120M+', 'Annual revenue'],
      ['33K+', 'Reviews'],
      ['50+', 'Parts'],
    ] as const) {
      await see(stats.getByText(figure, { exact: true }));
      await see(stats.getByText(label, { exact: true }));
    }
  });

  it('finds Home, Contact, My Portfolio, Blogs and Login in the navbar, and no Dashboard', async () => {
    const { page } = await browser.open();
    await page.goto('/home');
    await see(loginLink(page));
    const links = (await navbar(page).locator('ul').first().getByRole('link').allTextContents()).map((label) => label.trim());
    expect(links).toEqual(['Home', 'Contact', 'My Portfolio', 'Blogs']);
    expect(await navbar(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });
});

describe('a visitor on the other pages', () => {
  it('reads the blog questions and answers', async () => {
    const { page } = await browser.open();
    await page.goto('/home');
    await navbar(page).getByRole('link', { name: 'Blogs' }).click();
    await expectPath(page, '/blogs');
    await see(page.getByRole('heading', { name: 'Questions from the workshop', level: 1 }));
    const questions = page.getByRole('article');
    await see(questions.first());
    expect(await questions.count()).toBeGreaterThan(2);
    expect((await textOf(questions.first().locator('p').first())).length).toBeGreaterThan(40);
  });

  it('reads the portfolio with education, skills and projects', async () => {
    const { page } = await browser.open();
    await page.goto('/home');
    await navbar(page).getByRole('link', { name: 'My Portfolio' }).click();
    await expectPath(page, '/portfolio');
    await see(page.getByRole('heading', { level: 1 }));
    await see(page.getByRole('img', { name: /^Portrait of / }));
    for (const section of ['Education', 'Skills', 'Projects']) {
      await see(page.getByRole('heading', { name: section, level: 2 }));
    }
  });

  it.each(['/contact', '/no/such/page'])('is told "Opps! Not Found any thing !!" on %s', async (path) => {
    const { page } = await browser.open();
    await page.goto(path === '/contact' ? '/home' : path);
    if (path === '/contact') await navbar(page).getByRole('link', { name: 'Contact' }).click();
    await expectText(page.getByRole('heading', { level: 1 }), messages.notFoundPage);
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it('is sent from /dashboard to /login', async () => {
    const { page } = await browser.open();
    await page.goto('/dashboard');
    await expectPath(page, '/login');
    await see(page.getByRole('heading', { name: 'Login', level: 1 }));
  });
});
