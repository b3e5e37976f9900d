// Reads that answer every caller alike (the catalogue, the reviews), kept in this process's memory
// until a table they read changes, in this process or any other one (db/change-feed.ts). The
// freshness rules are written down in README.md beside this file. Concurrent misses share one
// load, and a load that raced with a change is answered once but not kept. While the change feed
// is down nothing is served from memory. Kept values are bounded by count and by bytes (their
// JSON, which is made once when they are kept and reused for every answer: json.ts).
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../db/change-feed';
import { stringifyJson } from './json';

/** What a kept read depends on: a change to one of its tables drops it, and so does its age. */
export interface Freshness {
  tables: readonly string[];
  /** Dropped this long after it was loaded whatever happens; for data that changes unnotified (stock). */
  maxAgeMs?: number;
}

export interface ReadCache {
  /**
   * The value kept under `key`, or `load()`'s. Kept values are shared between callers, so they
   * are deeply frozen. `key` must name everything the value depends on (the procedure and its
   * parsed input), since nothing else tells two reads apart.
   */
  read: <T>(key: string, freshness: Freshness, load: () => Promise<T>) => Promise<T>;
  /** Counts since the cache was made, and what it holds now; read when metrics are scraped. */
  stats: () => ReadCacheStats;
}

export interface ReadCacheStats {
  /** Reads answered from memory, or by joining a load already under way. */
  hits: number;
  /** Reads that loaded (or, while the change feed is down, bypassed memory). */
  misses: number;
  entries: number;
  bytes: number;
}

export interface ReadCacheLimits {
  maxEntries: number;
  /** Counted as twice the length of each value's JSON: the JSON and the value itself. */
  maxBytes: number;
  /** The age at which a value is dropped when its read does not ask for a shorter one. */
  maxAgeMs: number;
}

const READ_CACHE_LIMITS: ReadCacheLimits = { maxEntries: 2_000, maxBytes: 16 * 1024 * 1024, maxAgeMs: 30_000 };

interface Entry {
  value: unknown;
  tables: readonly string[];
  bytes: number;
}

export function createReadCache(changes: ChangeFeed, limits: Partial<ReadCacheLimits> = {}): ReadCache {
  const { maxEntries, maxBytes, maxAgeMs } = { ...READ_CACHE_LIMITS, ...limits };
  /** The keys kept or loading for each table, so a change drops exactly the reads of that table. */
  const keysByTable = new Map<string, Set<string>>();
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.bytes,
    ttl: maxAgeMs,
    dispose: (entry, key) => forget(key, entry.tables),
  });
  const loads = new Map<string, Promise<unknown>>();
  /** Counts changes per table (and of every table on a restart): a load that saw one is not kept. */
  const changeCounts = new Map<string, number>();
  let restarts = 0;
  let hits = 0;
  let misses = 0;

  const changesOf = (tables: readonly string[]) => tables.reduce((sum, table) => sum + (changeCounts.get(table) ?? 0), restarts);
  const remember = (key: string, tables: readonly string[]) => {
    for (const table of tables) {
      let keys = keysByTable.get(table);
      if (!keys) keysByTable.set(table, (keys = new Set()));
      keys.add(key);
    }
  };
  function forget(key: string, tables: readonly string[]): void {
    if (loads.has(key)) return;
    for (const table of tables) keysByTable.get(table)?.delete(key);
  }

  changes.subscribe((table) => {
    if (table === null) {
      restarts++;
      loads.clear();
      entries.clear();
      keysByTable.clear();
      return;
    }
    changeCounts.set(table, (changeCounts.get(table) ?? 0) + 1);
    const keys = keysByTable.get(table);
    if (!keys) return;
    keysByTable.delete(table);
    for (const key of keys) {
      loads.delete(key);
      entries.delete(key);
    }
  });

  return {
    async read<T>(key: string, freshness: Freshness, load: () => Promise<T>): Promise<T> {
      if (!changes.live) {
        misses++;
        return load();
      }
      const entry = entries.get(key);
      if (entry) {
        hits++;
        return entry.value as T;
      }
      const pending = loads.get(key);
      if (pending) {
        hits++;
        return pending as Promise<T>;
      }
      misses++;

      const { tables } = freshness;
      const changesAtStart = changesOf(tables);
      const promise = load().then(deepFreeze);
      loads.set(key, promise);
      remember(key, tables);
      try {
        const value = await promise;
        if (changes.live && changesOf(tables) === changesAtStart) {
          const bytes = 2 * (stringifyJson(value)?.length ?? 0);
          entries.set(key, { value, tables, bytes }, { ttl: freshness.maxAgeMs ?? maxAgeMs });
          remember(key, tables);
        }
        return value;
      } finally {
        if (loads.get(key) === promise) loads.delete(key);
        if (!entries.has(key)) forget(key, tables);
      }
    },
    stats: () => ({ hits, misses, entries: entries.size, bytes: entries.calculatedSize }),
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
