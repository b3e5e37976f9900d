// A complete storefront for one test file: a fresh migrated database, the run's Firebase Auth
// emulator, an in-process payments emulator, and helpers to act as a visitor, customer or admin.
import { seedDemoCommerce } from '../db/demo-commerce';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createSessionTokens } from '../auth/session-tokens';
import { createReadCache, type ReadCacheLimits } from '../cache/read-cache';
import type { SessionUser } from '../auth/session-user';
import type { AppDeps } from '../context';
import type { EndpointAddressPolicy } from '../domains/webhooks/endpoint-address';
import type { HoldLimits } from '../domains/orders/hold-limits';
import type { WriteNewFile } from '../domains/catalogue/images';
import { partImages, sessions, tools, users } from '../db/schema';
import { rateLimitKeys, type RateLimitRules } from '../auth/rate-limits';
import { createFirebaseIdentity } from '../identity/firebase-identity';
import { createMetrics } from '../metrics/metrics';
import { startPaymentsEmulator, type RunningPaymentsEmulator } from '../../emulators/payments';
import { STOREFRONT_ORIGIN } from '../../emulators/payments/testing/emulator';
import { createStripeGateway } from '../payments/stripe-gateway';
import { createCaller } from '../routers';
import { openTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-database';
import { createTestImages, type TestImages } from './test-images';
import { TEST_FIREBASE_WEB_CONFIG, TEST_PROJECT_ID, TEST_SESSION_SECRET, TEST_STRIPE_KEYS } from './test-keys';

/** Where the shop's emails link to in the suites. */
export const TEST_SHOP_URL = 'https://shop.test';

/** Suites book and sign in far faster than people do; src/server/security proves the real limits. */
const UNTHROTTLED = Object.fromEntries(
  Object.keys(rateLimitKeys).map((name) => [name, { max: 1_000_000, windowSeconds: 60 }]),
) as RateLimitRules;

/** Suites book as one customer far more than a person does; hold-limits tests pass real limits. */
export const UNLIMITED_HOLDS: HoldLimits = { bookings: 1_000_000, units: 1_000_000_000, valueCents: Number.MAX_SAFE_INTEGER };

export interface TestShop {
  database: TestDatabase;
  deps: AppDeps;
  payments: RunningPaymentsEmulator;
  /** The shop's images; uploads go to a folder of this test's own. */
  images: TestImages;
  /** The HTTP app, for `inject` at the REST paths. */
  app: FastifyInstance;
  caller: (user: SessionUser | null) => ReturnType<typeof createCaller>;
  createUser: (role?: 'admin' | 'user', overrides?: Partial<typeof users.$inferInsert>) => Promise<TestUser>;
  /** Another session of the user, as signing in on a second device opens. */
  openSession: (userId: string) => Promise<{ token: string; sessionId: string }>;
  createTool: (overrides?: Partial<typeof tools.$inferInsert>) => Promise<{ id: string; name: string }>;
  close: () => Promise<void>;
}

export interface TestUser {
  user: SessionUser;
  /** A valid session token, as the browser keeps it in accessToken. */
  token: string;
  /** The session the token names. */
  sessionId: string;
  headers: { authorization: string };
}

export interface TestShopOptions {
  adminEmails?: string[];
  /** Where the app and the services log; silent unless given. */
  logger?: FastifyBaseLogger;
  /** Serves GET /metrics to this bearer. */
  metricsToken?: string;
  /** Settings of the test's Postgres pool (the lock timeout). */
  database?: TestDatabaseOptions;
  /** How much one customer may hold unpaid; unlimited unless given. */
  holdLimits?: HoldLimits;
  /** The shop's time zone (SHOP_TIME_ZONE); UTC unless given. */
  shopTimeZone?: string;
  /** Bounds of the read cache other than production's, so a suite can fill it. */
  readCacheLimits?: Partial<ReadCacheLimits>;
  /** How uploaded images reach the disk, when not as in production (a disk that fills up). */
  writeNewFile?: WriteNewFile;
  /** A shop as migrations leave it, before the admin enters its identity, zones and codes; else the demo shop's. */
  unopened?: boolean;
  /** Where webhook endpoints may point; public https addresses only unless given. */
  webhookAddressPolicy?: EndpointAddressPolicy;
}

export async function createTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  const database = await openTestDatabase(options.database);
  // Open for orders as the seeded demo shop is: its identity, shipping zones and welcome code.
  if (!options.unopened) await seedDemoCommerce(database.db);
  const images = await createTestImages(options.writeNewFile);
  const payments = await startPaymentsEmulator({ port: 0, ...TEST_STRIPE_KEYS, allowedOrigins: [STOREFRONT_ORIGIN] });
  const cache = createReadCache(database.changes, options.readCacheLimits);
  const deps: AppDeps = {
    db: database.db,
    cache,
    identity: createFirebaseIdentity({ projectId: TEST_PROJECT_ID, emulatorHost: inject('authEmulatorHost') }),
    payments: createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: payments.url }),
    sessions: createSessionTokens(TEST_SESSION_SECRET),
    adminEmails: new Set(options.adminEmails ?? []),
    holdLimits: options.holdLimits ?? UNLIMITED_HOLDS,
    bookingHoldMs: 24 * 3_600_000,
    shopTimeZone: options.shopTimeZone ?? 'UTC',
    shopUrl: TEST_SHOP_URL,
    log: options.logger ?? pino({ level: 'silent' }),
    metrics: createMetrics({ readCache: cache.stats, pool: database.poolUse }),
    images: images.images,
    ...(options.webhookAddressPolicy ? { webhookAddressPolicy: options.webhookAddressPolicy } : {}),
  };
  const app = await buildApp(deps, {
    ping: database.ping,
    runtimeConfig: {
      firebase: TEST_FIREBASE_WEB_CONFIG,
      payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: payments.url },
    },
    security: { rateLimits: UNTHROTTLED },
    logger: options.logger,
    metricsToken: options.metricsToken,
  });

  const openSession = async (userId: string) => {
    const [session] = await database.db
      .insert(sessions)
      .values({ userId, expiresAt: new Date(Date.now() + deps.sessions.ttlSeconds * 1000) })
      .returning({ id: sessions.id });
    if (!session) throw new Error('could not open a test session');
    return { token: await deps.sessions.issue({ sessionId: session.id }), sessionId: session.id };
  };

  return {
    database,
    deps,
    payments,
    images,
    app,
    caller: (user) => createCaller({ deps, user, session: user ? 'valid' : 'none' }),
    createUser: async (role = 'user', overrides = {}) => {
      const email = overrides.email ?? `${role}-${randomBytes(5).toString('hex')}@example.com`;
      const [row] = await database.db
        .insert(users)
        .values({ email, role, displayName: `Test ${role}`, emailVerified: true, ...overrides })
        .returning();
      if (!row) throw new Error('could not create a test user');
      const user: SessionUser = {
        id: row.id,
        email: row.email,
        emailVerified: row.emailVerified,
        role: row.role,
        displayName: row.displayName,
        photoUrl: row.photoUrl,
      };
      const { token, sessionId } = await openSession(row.id);
      return { user, token, sessionId, headers: { authorization: `Bearer ${token}` } };
    },
    openSession,
    createTool: async (overrides = {}) => {
      const [row] = await database.db
        .insert(tools)
        .values({
          name: `Test part ${randomBytes(3).toString('hex')}`,
          img: '/images/parts/placeholder.svg',
          priceCents: 12_50,
          minimumOrderQuantity: 2,
          available: 10,
          description: 'A sturdy test part used by the automated suites to prove the rules.',
          ...overrides,
        })
        .returning({ id: tools.id, name: tools.name, img: tools.img });
      if (!row) throw new Error('could not create a test part');
      // Its gallery, as every way of adding a part starts one: the cover, described by the name.
      await database.db
        .insert(partImages)
        .values({ toolId: row.id, position: 0, path: row.img, alt: row.name.slice(0, 200).trim() || 'Picture of the part' });
      return { id: row.id, name: row.name };
    },
    close: async () => {
      await app.close();
      await payments.close();
      await database.close();
      await images.remove();
    },
  };
}
