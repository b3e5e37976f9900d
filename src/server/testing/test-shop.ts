// A complete storefront for one test file: a fresh migrated database, the run's Firebase Auth
// emulator, an in-process payments emulator, and helpers to act as a visitor, customer or admin.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createSessionTokens } from '../auth/session-tokens';
import { createReadCache } from '../cache/read-cache';
import type { SessionUser } from '../auth/session-user';
import type { AppDeps } from '../context';
import { tools, users } from '../db/schema';
import type { RateLimitRules } from '../auth/rate-limits';
import { createFirebaseIdentity } from '../identity/firebase-identity';
import { startPaymentsEmulator, type RunningPaymentsEmulator } from '../../payments-emulator';
import { STOREFRONT_ORIGIN } from '../../payments-emulator/testing/emulator';
import { createStripeGateway } from '../payments/stripe-gateway';
import { createCaller } from '../routers';
import { openTestDatabase, type TestDatabase } from './test-database';
import { TEST_FIREBASE_WEB_CONFIG, TEST_PROJECT_ID, TEST_SESSION_SECRET, TEST_STRIPE_KEYS } from './test-keys';

/** Suites book and sign in far faster than people do; src/server/security proves the real limits. */
const UNTHROTTLED: RateLimitRules = {
  sessionExchange: { max: 1_000_000, windowSeconds: 60 },
  bookingCreate: { max: 1_000_000, windowSeconds: 60 },
};

export interface TestShop {
  database: TestDatabase;
  deps: AppDeps;
  payments: RunningPaymentsEmulator;
  /** The HTTP app, for `inject` at the REST paths. */
  app: FastifyInstance;
  caller: (user: SessionUser | null) => ReturnType<typeof createCaller>;
  createUser: (role?: 'admin' | 'user', overrides?: Partial<typeof users.$inferInsert>) => Promise<TestUser>;
  createTool: (overrides?: Partial<typeof tools.$inferInsert>) => Promise<{ id: string; name: string }>;
  close: () => Promise<void>;
}

export interface TestUser {
  user: SessionUser;
  /** A valid session token, as the browser keeps it in accessToken. */
  token: string;
  headers: { authorization: string };
}

export async function createTestShop(options: { adminEmails?: string[] } = {}): Promise<TestShop> {
  const database = await openTestDatabase();
  const payments = await startPaymentsEmulator({ port: 0, ...TEST_STRIPE_KEYS, allowedOrigins: [STOREFRONT_ORIGIN] });
  const deps: AppDeps = {
    db: database.db,
    cache: createReadCache(database.changes),
    identity: createFirebaseIdentity({ projectId: TEST_PROJECT_ID, emulatorHost: inject('authEmulatorHost') }),
    payments: createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: payments.url }),
    sessions: createSessionTokens(TEST_SESSION_SECRET),
    adminEmails: new Set(options.adminEmails ?? []),
    log: pino({ level: 'silent' }),
  };
  const app = await buildApp(deps, {
    ping: database.ping,
    runtimeConfig: {
      firebase: TEST_FIREBASE_WEB_CONFIG,
      payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: payments.url },
    },
    security: { rateLimits: UNTHROTTLED },
  });

  return {
    database,
    deps,
    payments,
    app,
    caller: (user) => createCaller({ deps, user, session: user ? 'valid' : 'none' }),
    createUser: async (role = 'user', overrides = {}) => {
      const email = overrides.email ?? `${role}-${randomBytes(5).toString('hex')}@example.com`;
      const [row] = await database.db
        .insert(users)
        .values({ email, role, displayName: `Test ${role}`, ...overrides })
        .returning();
      if (!row) throw new Error('could not create a test user');
      const user: SessionUser = {
        id: row.id,
        email: row.email,
        role: row.role,
        displayName: row.displayName,
        photoUrl: row.photoUrl,
      };
      const token = await deps.sessions.issue({ userId: row.id, version: row.sessionVersion });
      return { user, token, headers: { authorization: `Bearer ${token}` } };
    },
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
        .returning({ id: tools.id, name: tools.name });
      if (!row) throw new Error('could not create a test part');
      return row;
    },
    close: async () => {
      await app.close();
      await payments.close();
      await database.close();
    },
  };
}
