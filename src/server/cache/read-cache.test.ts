// The read cache keeps a public read until a table it reads changes, never keeps a load that
// raced with a change, shares one load between concurrent misses, and serves nothing from memory
// while the change feed is down.
import { describe, expect, it } from 'vitest';
import { ChangeHub } from '../db/change-feed';
import { createReadCache } from './read-cache';

function liveHub(): ChangeHub {
  const hub = new ChangeHub();
  hub.setLive(true);
  return hub;
}

function counter(values: () => unknown = () => 'value') {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return values();
    },
    calls: () => calls,
  };
}

describe('the read cache', () => {
  it('loads once, then answers from memory until a table it reads changes', async () => {
    const hub = liveHub();
    const cache = createReadCache(hub);
    const source = counter();
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    expect(source.calls()).toBe(1);

    hub.emit('reviews');
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    expect(source.calls()).toBe(1);

    hub.emit('tools');
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    expect(source.calls()).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createReadCache(liveHub());
    const source = counter();
    await Promise.all(Array.from({ length: 10 }, () => cache.read('catalog', { tables: ['tools'] }, source.load)));
    expect(source.calls()).toBe(1);
  });

  it('does not keep a load that a change overtook, nor hand it to later callers', async () => {
    const hub = liveHub();
    const cache = createReadCache(hub);
    let release: (value: string) => void = () => {};
    const stale = cache.read('catalog', { tables: ['tools'] }, () => new Promise<string>((resolve) => (release = resolve)));
    hub.emit('tools');
    const fresh = cache.read('catalog', { tables: ['tools'] }, async () => 'after the change');
    release('before the change');
    expect(await stale).toBe('before the change');
    expect(await fresh).toBe('after the change');
    expect(await cache.read('catalog', { tables: ['tools'] }, async () => 'reloaded')).toBe('after the change');
  });

  it('serves nothing from memory while the feed is down, and starts over when it is back', async () => {
    const hub = liveHub();
    const cache = createReadCache(hub);
    const source = counter();
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    hub.setLive(false);
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    expect(source.calls()).toBe(3);
    hub.setLive(true);
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    await cache.read('catalog', { tables: ['tools'] }, source.load);
    expect(source.calls()).toBe(4);
  });

  it('forgets a failed load', async () => {
    const cache = createReadCache(liveHub());
    await expect(cache.read('catalog', { tables: ['tools'] }, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('catalog', { tables: ['tools'] }, async () => 'up')).toBe('up');
  });

  it('expires entries after their maximum age, the cache’s or the read’s', async () => {
    const hub = liveHub();
    const aged = createReadCache(hub, { maxAgeMs: 1 });
    const source = counter();
    await aged.read('catalog', { tables: ['tools'] }, source.load);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await aged.read('catalog', { tables: ['tools'] }, source.load);
    expect(source.calls()).toBe(2);

    const longer = createReadCache(hub);
    const stock = counter();
    await longer.read('stock', { tables: ['tools'], maxAgeMs: 1 }, stock.load);
    await longer.read('catalog', { tables: ['tools'] }, source.load);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await longer.read('stock', { tables: ['tools'], maxAgeMs: 1 }, stock.load);
    await longer.read('catalog', { tables: ['tools'] }, source.load);
    expect(stock.calls()).toBe(2);
    expect(source.calls()).toBe(3);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const small = createReadCache(liveHub(), { maxEntries: 2 });
    const pages = counter();
    for (const key of ['a', 'b', 'c']) await small.read(key, { tables: ['tools'] }, pages.load);
    await small.read('c', { tables: ['tools'] }, pages.load);
    await small.read('a', { tables: ['tools'] }, pages.load);
    expect(pages.calls()).toBe(4);
  });

  it('keeps at most maxBytes of answers, and never keeps one larger than that', async () => {
    const hub = liveHub();
    // Each value's JSON is about 1,000 characters, counted twice: about 2 kB an entry.
    const cache = createReadCache(hub, { maxBytes: 5_000 });
    const pages = counter(() => ({ text: 'x'.repeat(1_000) }));
    for (const key of ['a', 'b', 'c']) await cache.read(key, { tables: ['tools'] }, pages.load);
    expect(pages.calls()).toBe(3);
    await cache.read('c', { tables: ['tools'] }, pages.load);
    await cache.read('b', { tables: ['tools'] }, pages.load);
    expect(pages.calls()).toBe(3);
    await cache.read('a', { tables: ['tools'] }, pages.load);
    expect(pages.calls()).toBe(4);

    const huge = counter(() => ({ text: 'x'.repeat(10_000) }));
    await cache.read('huge', { tables: ['tools'] }, huge.load);
    await cache.read('huge', { tables: ['tools'] }, huge.load);
    expect(huge.calls()).toBe(2);
    // The large value was never kept, so it pushed nothing out.
    await cache.read('a', { tables: ['tools'] }, pages.load);
    expect(pages.calls()).toBe(4);
  });

  it('drops only the reads of the table that changed, also after some were evicted', async () => {
    const hub = liveHub();
    const cache = createReadCache(hub, { maxEntries: 2 });
    const catalogue = counter();
    const reviews = counter();
    await cache.read('catalogue', { tables: ['tools'] }, catalogue.load);
    await cache.read('reviews', { tables: ['reviews'] }, reviews.load);
    await cache.read('evicts the catalogue', { tables: ['tools'] }, catalogue.load);
    hub.emit('reviews');
    await cache.read('reviews', { tables: ['reviews'] }, reviews.load);
    await cache.read('evicts the catalogue', { tables: ['tools'] }, catalogue.load);
    expect(reviews.calls()).toBe(2);
    expect(catalogue.calls()).toBe(2);
  });
});
