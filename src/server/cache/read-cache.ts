// Public reads (the catalogue, the reviews) kept in this process's memory until a table they read
// changes, in this process or any other one (db/change-feed.ts). Concurrent misses share one
// load, and a load that raced with a change is used once but not kept. While the change feed is
// down nothing is served from memory; an entry also expires after its maximum age whatever happens
// (a read whose data changes without a notification, like stock, passes a short one).
import type { ChangeFeed } from '../db/change-feed';

export interface ReadCache {
  /**
   * The value stored under `key`, or `load()`'s, kept until one of `tables` changes. Values are
   * shared between callers, so they are deeply frozen (and their JSON is made once: http/json.ts).
   */
  read<T>(key: string, tables: readonly string[], load: () => Promise<T>, maxAgeMs?: number): Promise<T>;
  /**
   * Whether `value` is, right now, what the cache would answer for the key it was read under: not
   * dropped by a change, not expired, and the change feed live. What was made from such a value
   * (http/answer-cache.ts) is as current as the value.
   */
  holds(value: unknown): boolean;
}

export interface ReadCacheOptions {
  maxEntries: number;
  maxAgeMs: number;
}

interface Entry {
  value: unknown;
  tables: readonly string[];
  expiresAt: number;
}

interface Load {
  promise: Promise<unknown>;
}

const defaults: ReadCacheOptions = { maxEntries: 2_000, maxAgeMs: 30_000 };

export function createReadCache(changes: ChangeFeed, options: Partial<ReadCacheOptions> = {}): ReadCache {
  const { maxEntries, maxAgeMs } = { ...defaults, ...options };
  const entries = new Map<string, Entry>();
  const loads = new Map<string, Load>();
  /** The keys of entries and loads that read each table. */
  const keysByTable = new Map<string, Set<string>>();
  /** Bumped on every change of a table (and of all tables on null): a load that saw a bump is not kept. */
  const versions = new Map<string, number>();
  let epoch = 0;
  /** The key each stored value is kept under. */
  const keyOfValue = new WeakMap<object, string>();

  const versionOf = (tables: readonly string[]) => tables.reduce((sum, table) => sum + (versions.get(table) ?? 0), epoch);
  const index = (key: string, tables: readonly string[]) => {
    for (const table of tables) {
      let keys = keysByTable.get(table);
      if (!keys) keysByTable.set(table, (keys = new Set()));
      keys.add(key);
    }
  };

  const evictOldest = () => {
    const [key, entry] = entries.entries().next().value!;
    entries.delete(key);
    if (!loads.has(key)) for (const table of entry.tables) keysByTable.get(table)?.delete(key);
  };

  changes.subscribe((table) => {
    if (table === null) {
      epoch++;
      entries.clear();
      loads.clear();
      keysByTable.clear();
      return;
    }
    const keys = keysByTable.get(table);
    if (!keys) return;
    versions.set(table, (versions.get(table) ?? 0) + 1);
    for (const key of keys) {
      entries.delete(key);
      loads.delete(key);
    }
    keysByTable.delete(table);
  });

  return {
    async read<T>(key: string, tables: readonly string[], load: () => Promise<T>, maxAgeMsOfRead = maxAgeMs): Promise<T> {
      if (!changes.live) return load();
      const entry = entries.get(key);
      if (entry && entry.expiresAt > Date.now()) return entry.value as T;
      const pending = loads.get(key);
      if (pending) return pending.promise as Promise<T>;

      const versionAtStart = versionOf(tables);
      const promise = load().then(deepFreeze);
      const current: Load = { promise };
      loads.set(key, current);
      index(key, tables);
      try {
        const value = await promise;
        if (changes.live && versionOf(tables) === versionAtStart) {
          entries.delete(key);
          if (entries.size >= maxEntries) evictOldest();
          entries.set(key, { value, tables, expiresAt: Date.now() + maxAgeMsOfRead });
          if (typeof value === 'object' && value !== null) keyOfValue.set(value, key);
          index(key, tables);
        }
        return value;
      } finally {
        if (loads.get(key) === current) loads.delete(key);
      }
    },

    holds(value: unknown): boolean {
      if (!changes.live || typeof value !== 'object' || value === null) return false;
      const key = keyOfValue.get(value);
      const entry = key === undefined ? undefined : entries.get(key);
      return entry?.value === value && entry.expiresAt > Date.now();
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
