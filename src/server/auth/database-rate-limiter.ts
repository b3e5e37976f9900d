// The Postgres store of the rate limits: rate-limiter-flexible's Drizzle store, with its count
// statement prepared. The library builds that upsert with drizzle's query builder on every call,
// which cost about 200 µs of CPU per limited request; prepared, drizzle builds the SQL once and
// Postgres plans it once per connection. Reading a count and deleting one stay the library's own.
// Its clean-up of ended windows is ours: the library runs one per limiter (a dozen deletes of the
// same rows every five minutes) on a timer nothing can stop, which outlived the database it wrote to.
import { lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Database } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { rateLimitCounters } from '../db/schema';

type DrizzleOptions = ConstructorParameters<typeof RateLimiterDrizzle>[0];

/**
 * The library's upsert, as one prepared statement: a window that has ended (or a forced expiry)
 * starts again at `points`; otherwise the points are added to the window's count.
 */
const countPoints = preparedStatement(
  'rate_limit_count',
  sql`
    insert into ${rateLimitCounters} (key, points, expire)
    values (${sql.placeholder('key')}::text, ${sql.placeholder('points')}::integer, ${sql.placeholder('expire')}::timestamptz)
    on conflict (key) do update set
      points = case when ${sql.placeholder('restart')}::boolean or ${rateLimitCounters.expire} <= ${sql.placeholder('now')}::timestamptz
        then excluded.points else ${rateLimitCounters.points} + excluded.points end,
      expire = case when ${sql.placeholder('restart')}::boolean or ${rateLimitCounters.expire} <= ${sql.placeholder('now')}::timestamptz
        then excluded.expire else ${rateLimitCounters.expire} end
    returning points, expire`,
);

export class DatabaseRateLimiter extends RateLimiterDrizzle {
  constructor(
    private readonly db: Database,
    options: Omit<DrizzleOptions, 'storeClient' | 'schema'>,
  ) {
    super({ ...options, storeClient: db, schema: rateLimitCounters, clearExpiredByTimeout: false });
  }

  /** Called by the library for every consume, penalty, reward, set and block. */
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const [count] = await countPoints(this.db, {
      key,
      points,
      expire: expire?.toISOString() ?? null,
      now: now.toISOString(),
      restart: forceExpire,
    });
    return count;
  }
}

/** How often, and how long after its window ends, a counter is deleted (the library's own figures). */
const SWEEP_EVERY_MS = 5 * 60_000;
const KEEP_ENDED_MS = 60 * 60_000;

/**
 * Deletes the counters whose window ended over an hour ago, every five minutes, until stopped (the
 * app stops it on close, before the database closes). A failed sweep is reported and tried again at
 * the next one; ended counters meanwhile only take space.
 */
export function sweepEndedRateLimitWindows(db: Database, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.expire, new Date(Date.now() - KEEP_ENDED_MS)))
      .catch(onError);
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
