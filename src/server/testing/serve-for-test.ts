// Test-only entry: the storefront built from the environment without starting any emulator, so a
// test can run several server processes against one database, the run's Auth emulator
// (FIREBASE_AUTH_EMULATOR_HOST) and a payments server it controls (STRIPE_API_BASE with test keys).
// The database is DATABASE_URL, or PGlite under DATA_DIR; rate limits, the proxy, the role, the
// shutdown deadline and tracing are configured as in index.ts (REDIS_URL, RATE_LIMIT_*, TRUST_PROXY,
// ROLE, SHUTDOWN_TIMEOUT_MS, SHUTDOWN_DRAIN_MS, OTEL_*). Prints {"listening": url} on stdout once it
// listens (PORT=0 picks a free port) and shuts down exactly as index.ts does.
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from '../app';
import { createSessionTokens } from '../auth/session-tokens';
import { createReadCache } from '../cache/read-cache';
import { openRateLimitStore } from '../boot/rate-limit-store';
import { stopGracefullyOnSignals, type StopState } from '../boot/shutdown';
import { startTracing } from '../boot/tracing';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/database';
import { createFirebaseIdentity } from '../identity/firebase-identity';
import { createMetrics } from '../metrics/metrics';
import { createStripeGateway } from '../payments/stripe-gateway';
import { projectPath } from '../project-root';
import { createShopImages } from '../domains/catalogue/images';
import { TEST_FIREBASE_WEB_CONFIG } from './test-keys';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { identity, payments, sessionSecrets } = config;
  if (identity.kind !== 'emulator' || payments.kind !== 'stripe' || !sessionSecrets) {
    throw new Error('serve-for-test needs FIREBASE_AUTH_EMULATOR_HOST, STRIPE_* test keys with STRIPE_API_BASE, and SESSION_SECRET');
  }
  // Logs go to stderr: stdout carries only the listening line.
  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
  const tracing = await startTracing(process.env, log);
  const database =
    config.database.kind === 'postgres'
      ? await openPostgres(config.database.url, {
          maxConnections: config.database.poolSize,
          statementTimeoutMs: config.database.statementTimeoutMs,
          lockTimeoutMs: config.database.lockTimeoutMs,
        })
      : await openPglite(join(config.database.dir, 'pglite'));
  const rateLimits = await openRateLimitStore(config, database, log);
  const firebase = createFirebaseIdentity({ projectId: identity.projectId, emulatorHost: identity.host });
  const cache = createReadCache(database.changes);
  const stopState: StopState = { stopping: false };
  const app = await buildApp(
    {
      db: database.db,
      cache,
      identity: firebase,
      payments: createStripeGateway(payments),
      sessions: createSessionTokens(sessionSecrets),
      adminEmails: config.adminEmails,
      holdLimits: config.holdLimits,
      bookingHoldMs: config.holdExpiryMs,
      shopTimeZone: config.shopTimeZone,
      shopUrl: config.shopUrl,
      webhookAddressPolicy: { allowLoopback: config.webhooksAllowLoopback },
      log,
      metrics: createMetrics({ readCache: cache.stats, pool: database.poolUse }),
      images: createShopImages({ shippedDir: projectPath('src/client/public/images'), uploadsDir: config.imagesDir }),
    },
    {
      runtimeConfig: {
        firebase: { ...TEST_FIREBASE_WEB_CONFIG, projectId: identity.projectId },
        payments: { mode: 'stripe', publishableKey: payments.publishableKey },
      },
      ping: database.ping,
      logger: log,
      // Tests watching the background jobs run them often (HOLD_EXPIRY_CHECK_EVERY_MS); else every minute.
      holdExpiry: { olderThanMs: config.holdExpiryMs, everyMs: Number(process.env.HOLD_EXPIRY_CHECK_EVERY_MS) || undefined },
      sessionCheck: { intervalMs: config.sessionCheckIntervalMs },
      security: config.security,
      trustProxy: config.trustProxy,
      rateLimitStore: rateLimits.store,
      metricsToken: config.metricsToken,
      role: config.role,
      stopState,
    },
  );
  stopGracefullyOnSignals(
    app,
    log,
    {
      state: stopState,
      closeRest: async () => {
        await firebase.close();
        await rateLimits.close();
        await database.close();
        await tracing?.shutdown();
      },
      abandonRest: async () => database.abandon?.(),
    },
    { timeoutMs: config.shutdownTimeoutMs, drainMs: config.shutdownDrainMs },
  );
  const url = await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`${JSON.stringify({ listening: url })}\n`);
  // Never outlive the test that started this process: its end of stdin closes when it goes away.
  process.stdin.on('close', () => process.exit(1)).resume();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
