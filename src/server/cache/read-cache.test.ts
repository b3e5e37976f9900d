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
    await cache.read('catalog', ['tools'], source.load);
    await cache.read('catalog', ['tools'], source.load);
    expect(source.calls()).toBe(1);

    hub.emit('reviews');
    await cache.read('catalog', ['tools'], source.load);
    expect(source.calls()).toBe(1);

    hub.emit('tools');
    await cache.read('catalog', ['tools'], source.load);
    expect(source.calls()).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createReadCache(liveHub());
    const source = counter();
    await Promise.all(Array.from({ length: 10 }, () => cache.read('catalog', ['tools'], source.load)));
    expect(source.calls()).toBe(1);
  });

  it('does not keep a load that a change overtook, nor hand it to later callers', async () => {
    const hub = liveHub();
    const cache = createReadCache(hub);
    let release: (value: string) => void = () => {};
    const stale = cache.read('catalog', ['tools'], () => new Promise<string>((resolve) => (release = resolve)));
    hub.emit('tools');
    const fresh = cache.read('catalog', ['tools'], async () => 'after the change');
    release('before the change');
    expect(await stale).toBe('before the change');
    expect(await fresh).toBe('after the change');
    expect(await cache.read('catalog', ['tools'], async () => 'reloaded')).toBe('after the change');
  });

  it('serves nothing from memory while the feed is down, and starts over when it is back', async () => {
    const hub = liveHub();
    const cache = createReadCache(hub);
    const source = counter();
    await cache.read('catalog', ['tools'], source.load);
    hub.setLive(false);
    await cache.read('catalog', ['tools'], source.load);
    await cache.read('catalog', ['tools'], source.load);
    expect(source.calls()).toBe(3);
    hub.setLive(true);
    await cache.read('catalog', ['tools'], source.load);
    await cache.read('catalog', ['tools'], source.load);
    expect(source.calls()).toBe(4);
  });

  it('forgets a failed load', async () => {
    const cache = createReadCache(liveHub());
    await expect(cache.read('catalog', ['tools'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('catalog', ['tools'], async () => 'up')).toBe('up');
  });

  it('expires entries after their maximum age (the cache’s or the read’s) and keeps at most maxEntries', async () => {
    const hub = liveHub();
    const aged = createReadCache(hub, { maxAgeMs: 0 });
    const source = counter();
    await aged.read('catalog', ['tools'], source.load);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await aged.read('catalog', ['tools'], source.load);
    expect(source.calls()).toBe(2);

    const stock = counter();
    await aged.read('stock', ['tools'], stock.load);
    const longer = createReadCache(hub);
    await longer.read('stock', ['tools'], stock.load, 0);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await longer.read('stock', ['tools'], stock.load, 0);
    expect(stock.calls()).toBe(3);

    const small = createReadCache(hub, { maxEntries: 2 });
    const pages = counter();
    for (const key of ['a', 'b', 'c']) await small.read(key, ['tools'], pages.load);
    await small.read('c', ['tools'], pages.load);
    await small.read('a', ['tools'], pages.load);
    expect(pages.calls()).toBe(4);
  });

  it('tells whether a value is still what it would answer: not after a change, expiry, a newer load or the feed going down', async () => {
    const hub = liveHub();
    const cache = createReadCache(hub);
    const page = () => ({ items: ['a part'] });
    const first = await cache.read('catalog', ['tools'], async () => page());
    expect(cache.holds(first)).toBe(true);
    expect(cache.holds({ items: ['a part'] })).toBe(false);
    expect(cache.holds('a string')).toBe(false);

    hub.emit('tools');
    expect(cache.holds(first)).toBe(false);
    const second = await cache.read('catalog', ['tools'], async () => page());
    expect(cache.holds(second)).toBe(true);

    hub.setLive(false);
    expect(cache.holds(second)).toBe(false);
    hub.setLive(true);
    const brief = await cache.read('stock', ['tools'], async () => page(), 0);
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(cache.holds(brief)).toBe(false);
  });
});
