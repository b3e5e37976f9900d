// Journey 7: posting a review. Ratings 6 and 0 are refused with "please give rating 1-5"; a good
// review is confirmed and shows first on home, with the review count one higher.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { PASSWORD, stage, uniqueEmail, uniqueId } from './support/api';
import { useBrowser } from './support/browser';
import { expectText, expectToast, navbar, openFromSidebar, see, signUpInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('posting a review', () => {
  it('refuses ratings 6 and 0, then posts a good one that home shows with the count one higher', async () => {
    const person = { name: 'Rita Reviewer', email: uniqueEmail('reviewer'), password: PASSWORD };
    shop.forget(person.email);
    const text = `The chainrings from batch ${uniqueId()} fitted perfectly and run quietly.`;
    const { page } = await browser.open();
    await signUpInBrowser(page, person);
    const reviews = page.getByRole('region', { name: /Customer reviews/ });
    const countBefore = await shop.reviewCount();
    await expectText(reviews.getByRole('heading', { level: 2 }), `Customer reviews ${countBefore}`);

    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await openFromSidebar(page, 'Add A Review');
    const rating = page.getByLabel('Rating');
    const submit = page.getByRole('button', { name: 'Submit review' });
    await page.getByLabel('Review').fill(text);

    for (const refused of ['6', '0']) {
      await rating.fill(refused);
      await submit.click();
      await expectToast(page, messages.ratingOutOfRange);
    }
    expect(await shop.reviewCount()).toBe(countBefore);

    await rating.fill('4');
    await submit.click();
    await expectToast(page, messages.reviewSubmitted);

    await navbar(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expectText(reviews.getByRole('heading', { level: 2 }), `Customer reviews ${countBefore + 1}`);
    const newest = reviews.locator('figure').first();
    await expectText(newest.locator('blockquote'), text);
    await see(newest.getByText(person.name, { exact: true }));
    await see(newest.getByRole('img', { name: 'Rated 4 out of 5' }));
  });
});
