// Reviews through the tRPC caller: public list with count, posting as a signed-in customer, removal by an admin.
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { reviews } from '../db/schema';
import { DEFAULT_AVATAR } from '../../shared/constants';

// The reviewer's name and photo show on her reviews.
test.override('customer', { scope: 'file' }, ({ shop }) =>
  shop.createUser('user', { displayName: 'Rita Reviewer', photoUrl: 'https://example.com/rita.png' }),
);

describe('reviews', () => {
  test('posts a review with the name and photo from the profile, shown first with the count one higher', async ({
    shop,
    customer,
  }) => {
    const before = await shop.caller(null).reviews.list({});
    const review = await shop.caller(customer.user).reviews.create({ rating: 5, text: 'Great cassettes.' });

    expect(review).toMatchObject({ name: 'Rita Reviewer', img: 'https://example.com/rita.png', rating: 5, text: 'Great cassettes.' });
    const after = await shop.caller(null).reviews.list({});
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]).toEqual(review);
  });

  test('shows no part of the email and a default avatar when the profile has neither name nor photo', async ({ shop }) => {
    const plain = await shop.createUser('user', { email: 'sam.smith@example.com', displayName: null });
    const review = await shop.caller(plain.user).reviews.create({ rating: 4, text: 'Solid.' });
    expect(review).toMatchObject({ name: messages.reviewerWithoutName, img: DEFAULT_AVATAR });
  });

  test('never lists a name taken from an email, for reviews stored before that rule as well', async ({ shop }) => {
    const author = await shop.createUser('user', { email: 'kim.keller@example.com', displayName: null });
    await shop.database.db.insert(reviews).values([
      { userId: author.user.id, name: 'kim.keller', img: DEFAULT_AVATAR, rating: 5, text: 'Old review.' },
      { name: 'someone@example.com', img: DEFAULT_AVATAR, rating: 4, text: 'Older review.' },
    ]);
    const { items } = await shop.caller(null).reviews.list({});
    const shown = items.filter((item) => item.text.startsWith('Old')).map((item) => item.name);
    expect(shown).toEqual([messages.reviewerWithoutName, messages.reviewerWithoutName]);
    expect(JSON.stringify(items)).not.toMatch(/kim\.keller|someone@/);
  });

  test('shows a display name that looks like an email address under the neutral name', async ({ shop }) => {
    const typedEmail = await shop.createUser('user', { displayName: 'dana@example.com' });
    const review = await shop.caller(typedEmail.user).reviews.create({ rating: 4, text: 'Typed my email as my name.' });
    expect(review.name).toBe(messages.reviewerWithoutName);
  });

  test.for([0, 6, -1, 2.5])(
    'refuses rating %s with "please give rating 1-5" and stores nothing',
    async (rating, { shop, customer }) => {
      const before = await shop.caller(null).reviews.list({});
      await expect(shop.caller(customer.user).reviews.create({ rating, text: 'x' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: messages.ratingOutOfRange,
      });
      expect((await shop.caller(null).reviews.list({})).total).toBe(before.total);
    },
  );

  test('refuses an empty text and a visitor', async ({ shop, customer }) => {
    await expect(shop.caller(customer.user).reviews.create({ rating: 3, text: '  ' })).rejects.toMatchObject({
      message: messages.reviewTextRequired,
    });
    await expect(shop.caller(null).reviews.create({ rating: 3, text: 'hi' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('pages newest first', async ({ shop, customer }) => {
    for (let i = 0; i < 3; i++) await shop.caller(customer.user).reviews.create({ rating: 3, text: `Page review ${i}` });
    const first = await shop.caller(null).reviews.list({ limit: 2 });
    expect(first.items.map((r) => r.text)).toEqual(['Page review 2', 'Page review 1']);
    const second = await shop.caller(null).reviews.list({ limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items[0]?.text).toBe('Page review 0');
  });

  test("shows a part's own reviews, newest first, with their count and average, and the shop-wide list keeps them too", async ({
    shop,
    customer,
  }) => {
    const part = await shop.createTool();
    const other = await shop.createTool();
    const caller = shop.caller(customer.user);
    await expect(shop.caller(null).reviews.forPart({ toolsId: part.id })).resolves.toEqual({
      items: [],
      nextCursor: null,
      total: 0,
      averageRating: null,
    });

    await caller.reviews.create({ rating: 5, text: 'Crisp shifting.', toolsId: part.id });
    await caller.reviews.create({ rating: 4, text: 'About the shop.' });
    await caller.reviews.create({ rating: 4, text: 'Other part.', toolsId: other.id });
    const latest = await caller.reviews.create({ rating: 4, text: 'Still crisp.', toolsId: part.id });

    const reviewsOfPart = await shop.caller(null).reviews.forPart({ toolsId: part.id });
    expect(reviewsOfPart).toMatchObject({ total: 2, averageRating: 4.5, nextCursor: null });
    expect(reviewsOfPart.items.map((r) => r.text)).toEqual(['Still crisp.', 'Crisp shifting.']);
    expect((await shop.caller(null).reviews.list({})).items[0]).toEqual(latest);
  });

  test("pages a part's reviews and rounds the average to one decimal", async ({ shop, customer }) => {
    const part = await shop.createTool();
    for (const rating of [5, 4, 4])
      await shop.caller(customer.user).reviews.create({ rating, text: `Rated ${rating}`, toolsId: part.id });
    const first = await shop.caller(null).reviews.forPart({ toolsId: part.id, limit: 2 });
    expect(first).toMatchObject({ total: 3, averageRating: 4.3 });
    expect(first.items).toHaveLength(2);
    const second = await shop.caller(null).reviews.forPart({ toolsId: part.id, limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((r) => r.text)).toEqual(['Rated 5']);
    expect(second.nextCursor).toBeNull();
  });

  test('refuses a review of a missing or retired part and stores nothing', async ({ shop, customer }) => {
    const admin = await shop.createUser('admin');
    const retired = await shop.createTool();
    await shop.caller(admin.user).tools.remove({ id: retired.id });
    const before = await shop.caller(null).reviews.list({});
    for (const toolsId of [retired.id, '00000000-0000-4000-8000-000000000000']) {
      await expect(shop.caller(customer.user).reviews.create({ rating: 5, text: 'Ghost part.', toolsId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: messages.partNotFound,
      });
    }
    await expect(shop.caller(customer.user).reviews.create({ rating: 5, text: 'Bad id.', toolsId: 'nope' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.idInvalid,
    });
    expect((await shop.caller(null).reviews.list({})).total).toBe(before.total);
  });
});

describe('moderation', () => {
  test('removes a review for an admin: gone from the list at once, the count one lower, audited with what it said', async ({
    shop,
    customer,
  }) => {
    const admin = await shop.createUser('admin');
    const review = await shop.caller(customer.user).reviews.create({ rating: 1, text: 'Spam, buy elsewhere.' });
    const before = await shop.caller(null).reviews.list({});
    expect(before.items.map((item) => item._id)).toContain(review._id);

    await expect(shop.caller(admin.user).reviews.remove({ id: review._id })).resolves.toEqual({ deletedCount: 1 });

    const after = await shop.caller(null).reviews.list({});
    expect(after.items.map((item) => item._id)).not.toContain(review._id);
    expect(after.total).toBe(before.total - 1);
    const { items: log } = await shop.caller(admin.user).users.auditLog();
    expect(log[0]).toMatchObject({ actorEmail: admin.user.email, action: 'review.remove' });
    expect(log[0]?.subject).toContain('Spam, buy elsewhere.');
    expect(log[0]?.subject).toContain(review._id);
  });

  test('refuses a customer, even the review’s author, and a visitor, and keeps the review', async ({ shop, customer }) => {
    const review = await shop.caller(customer.user).reviews.create({ rating: 3, text: 'Mine to keep.' });
    await expect(shop.caller(customer.user).reviews.remove({ id: review._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(null).reviews.remove({ id: review._id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await shop.caller(null).reviews.list({})).items.map((item) => item._id)).toContain(review._id);
  });

  test('answers a review that does not exist, or was already removed, with NOT_FOUND and leaves the count alone', async ({
    shop,
    customer,
  }) => {
    const admin = await shop.createUser('admin');
    const review = await shop.caller(customer.user).reviews.create({ rating: 2, text: 'Removed twice.' });
    await shop.caller(admin.user).reviews.remove({ id: review._id });
    const { total } = await shop.caller(null).reviews.list({});

    await expect(shop.caller(admin.user).reviews.remove({ id: review._id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.reviewNotFound,
    });
    await expect(shop.caller(admin.user).reviews.remove({ id: 'not-a-uuid' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await shop.caller(null).reviews.list({})).total).toBe(total);
  });
});
