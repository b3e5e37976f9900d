// Whole answers are kept only while every value they were made from is what the read cache holds.
import { describe, expect, it } from 'vitest';
import { createReadCache } from '../cache/read-cache';
import { ChangeHub } from '../db/change-feed';
import { createAnswerCache } from './answer-cache';

function setUp(maxAnswers?: number) {
  const hub = new ChangeHub();
  hub.setLive(true);
  const cache = createReadCache(hub);
  return { hub, cache, answers: createAnswerCache(cache, maxAnswers) };
}

describe('the answer cache', () => {
  it('answers a URL again until a table behind one of its values changes', async () => {
    const { hub, cache, answers } = setUp();
    const catalogue = await cache.read('catalogue', ['tools'], async () => ({ items: ['headset'] }));
    const reviews = await cache.read('reviews', ['reviews'], async () => ({ items: ['five stars'] }));
    answers.keep('/trpc/tools.list,reviews.list', { body: '[1,2]' }, [catalogue, reviews]);
    expect(answers.find('/trpc/tools.list,reviews.list')).toEqual({ body: '[1,2]' });
    expect(answers.find('/trpc/tools.list')).toBeUndefined();

    hub.emit('reviews');
    expect(answers.find('/trpc/tools.list,reviews.list')).toBeUndefined();
  });

  it('keeps nothing made from a value the read cache does not hold', async () => {
    const { hub, cache, answers } = setUp();
    answers.keep('/trpc/tools.byId', { body: '{}' }, [{ id: 'read from the database' }]);
    expect(answers.find('/trpc/tools.byId')).toBeUndefined();

    const catalogue = await cache.read('catalogue', ['tools'], async () => ({ items: [] }));
    hub.emit('tools');
    answers.keep('/trpc/tools.list', { body: '[]' }, [catalogue]);
    expect(answers.find('/trpc/tools.list')).toBeUndefined();
    answers.keep('/trpc/nothing', { body: '[]' }, []);
    expect(answers.find('/trpc/nothing')).toBeUndefined();
  });

  it('serves nothing while the change feed is down', async () => {
    const { hub, cache, answers } = setUp();
    const catalogue = await cache.read('catalogue', ['tools'], async () => ({ items: [] }));
    answers.keep('/tools', { body: '[]', headers: { 'x-next-cursor': '7' } }, [catalogue]);
    hub.setLive(false);
    expect(answers.find('/tools')).toBeUndefined();
  });

  it('keeps at most its number of URLs, dropping the oldest', async () => {
    const { cache, answers } = setUp(2);
    const catalogue = await cache.read('catalogue', ['tools'], async () => ({ items: [] }));
    for (const url of ['/a', '/b', '/c']) answers.keep(url, { body: url }, [catalogue]);
    expect(['/a', '/b', '/c'].map((url) => answers.find(url)?.body)).toEqual([undefined, '/b', '/c']);
  });
});
