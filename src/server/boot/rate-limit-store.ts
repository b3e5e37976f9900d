// Chooses where the rate limits are counted (auth/rate-limits.ts, docs/decisions/0010): Redis when
// REDIS_URL is set, else the shop's Postgres, so every process behind a load balancer counts
// against one budget; with PGlite there is only one process, and its memory is enough.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimitStore } from '../auth/rate-limits';
import { ConfigError, type Config } from '../config';
import type { DatabaseHandle } from '../db/database';

export interface OpenedRateLimitStore {
  store: RateLimitStore;
  close: () => Promise<void>;
}

export async function openRateLimitStore(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<OpenedRateLimitStore> {
  if (config.redisUrl) {
    // Without an offline queue a call fails at once while Redis is away, and the limiter counts
    // in this process meanwhile, instead of holding the request until Redis is back.
    const client = new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on('error', (error: Error) => log.warn({ err: error }, 'rate limits: Redis is unreachable; counting in this process'));
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw new ConfigError(`REDIS_URL: cannot connect to Redis at ${new URL(config.redisUrl).host} (${(error as Error).message})`);
    }
    log.info(`rate limits: counted in Redis at ${new URL(config.redisUrl).host}`);
    return { store: { kind: 'redis', client }, close: async () => void (await client.quit()) };
  }
  if (database.kind === 'postgres') {
    log.info('rate limits: counted in Postgres, shared by every process');
    return { store: { kind: 'database', db: database.db }, close: async () => {} };
  }
  log.info('rate limits: counted in this process');
  return { store: { kind: 'memory' }, close: async () => {} };
}
