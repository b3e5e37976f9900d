// Builds every dependency the app needs from the configuration, starting the embedded
// emulators where a piece is not configured for real. Logs one line per piece.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { startPaymentsEmulator } from '../../payments-emulator';
import type { RuntimeConfig } from '../../shared/payments';
import type { RateLimitStore } from '../auth/rate-limits';
import { createSessionTokens } from '../auth/session-tokens';
import { createReadCache } from '../cache/read-cache';
import { isLoopbackHost, type Config } from '../config';
import type { AppDeps } from '../context';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database';
import { seedDemoAccounts, seedDemoData } from '../db/seed';
import { startAuthEmulator } from '../identity/auth-emulator';
import { createFirebaseIdentity } from '../identity/firebase-identity';
import type { IdentityProvider } from '../identity/identity-provider';
import type { PaymentsGateway } from '../payments/payments-gateway';
import { createStripeGateway } from '../payments/stripe-gateway';
import { createMetrics } from '../metrics/metrics';
import { projectPath } from '../project-root';
import { createShopImages } from '../services/shop-images';
import { openRateLimitStore } from './rate-limit-store';
import { databaseBootFailure } from './boot-failure';
import { readOrCreateSecret } from './secrets';

export interface StartedDependencies {
  deps: AppDeps;
  runtimeConfig: RuntimeConfig;
  ping: () => Promise<void>;
  /** Where the rate limits are counted. */
  rateLimitStore: RateLimitStore;
  /** Stops what was started, in reverse order. */
  close: () => Promise<void>;
}

type Closer = () => Promise<void>;

export async function startDependencies(config: Config, log: FastifyBaseLogger): Promise<StartedDependencies> {
  const closers: Closer[] = [];
  try {
    // The three pieces are independent: start them together (the Auth emulator takes longest).
    const [database, identity, payments] = await settleAll([
      openDatabase(config, log, closers),
      startIdentity(config, log, closers),
      startPayments(config, log, closers),
    ] as const);
    const rateLimits = await openRateLimitStore(config, database, log);
    closers.push(rateLimits.close);
    const sessionSecret = config.sessionSecret ?? (await readOrCreateSecret(config.dataDir, 'session'));

    if (database.kind === 'pglite' && (await seedDemoData(database.db))) log.info('seeded the demo catalogue, reviews and accounts');
    if (config.identity.kind === 'emulator') await seedDemoAccounts(identity.provider);

    const cache = createReadCache(database.changes);
    return {
      deps: {
        db: database.db,
        cache,
        identity: identity.provider,
        payments: payments.gateway,
        sessions: createSessionTokens(sessionSecret),
        adminEmails: config.adminEmails,
        log,
        metrics: createMetrics({ readCache: cache.stats, pool: database.poolUse }),
        images: createShopImages({ shippedDir: projectPath('dist/client/images'), uploadsDir: config.imagesDir }),
      },
      runtimeConfig: { firebase: identity.web, payments: payments.browser },
      ping: database.ping,
      rateLimitStore: rateLimits.store,
      close: () => closeAll(closers),
    };
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
}

/** Like Promise.all, but waits for every start to finish before failing, so all can be closed. */
async function settleAll<T extends readonly unknown[]>(starts: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(starts);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

async function closeAll(closers: Closer[]): Promise<void> {
  for (const close of closers.reverse()) await close().catch(() => undefined);
}

async function openDatabase(config: Config, log: FastifyBaseLogger, closers: Closer[]): Promise<DatabaseHandle> {
  if (config.database.kind === 'postgres') {
    const url = config.database.url;
    const handle = await openPostgres(url, { maxConnections: config.database.poolSize, migrate: config.database.migrateAtBoot }).catch(
      (error: unknown) => {
        throw databaseBootFailure(error, url);
      },
    );
    closers.push(() => handle.close());
    log.info(`database: Postgres at ${new URL(config.database.url).host}, up to ${config.database.poolSize} connections`);
    return handle;
  }
  const dir = join(config.database.dir, 'pglite');
  const handle = await openPglite(dir);
  closers.push(() => handle.close());
  log.info(`database: embedded PGlite in ${dir}`);
  return handle;
}

async function startIdentity(
  config: Config,
  log: FastifyBaseLogger,
  closers: Closer[],
): Promise<{ provider: IdentityProvider; web: RuntimeConfig['firebase'] }> {
  const identity = config.identity;
  if (identity.kind === 'firebase') {
    log.info(`identity: Firebase project ${identity.projectId}`);
    return {
      provider: createFirebaseIdentity({ projectId: identity.projectId, credentialsJson: identity.serviceAccountJson }),
      web: { projectId: identity.projectId, ...identity.web },
    };
  }
  const [host = '127.0.0.1', port = '9099'] = identity.host.split(':');
  const emulator = await startAuthEmulator({
    host,
    port: Number(port),
    projectId: identity.projectId,
    dataDir: join(config.dataDir, 'auth-emulator'),
    log: (line) => log.debug({ emulator: 'auth' }, line),
  });
  closers.push(() => emulator.close());
  log.info(`identity: Firebase Auth emulator at ${emulator.url} (project ${identity.projectId})`);
  return {
    provider: createFirebaseIdentity({ projectId: identity.projectId, emulatorHost: emulator.host }),
    web: {
      apiKey: 'demo-api-key',
      authDomain: `${identity.projectId}.firebaseapp.com`,
      projectId: identity.projectId,
      emulatorUrl: emulator.url,
    },
  };
}

async function startPayments(
  config: Config,
  log: FastifyBaseLogger,
  closers: Closer[],
): Promise<{ gateway: PaymentsGateway; browser: RuntimeConfig['payments'] }> {
  const payments = config.payments;
  if (payments.kind === 'stripe') {
    log.info(`payments: Stripe${payments.apiBase ? ` API at ${payments.apiBase}` : ''}`);
    return {
      gateway: createStripeGateway(payments),
      browser: { mode: 'stripe', publishableKey: payments.publishableKey },
    };
  }
  const apiBase = new URL(payments.apiBase);
  // Keys of this data directory's own, like the other secrets: with a well-known key, any program
  // on the machine could create, read or pay the shop's PaymentIntents.
  const [secretKey, publishableKey, webhookSecret] = await Promise.all([
    readOrCreateSecret(config.dataDir, 'payments-secret-key', 'sk_test_'),
    readOrCreateSecret(config.dataDir, 'payments-publishable-key', 'pk_test_'),
    readOrCreateSecret(config.dataDir, 'payments-webhook', 'whsec_'),
  ]);
  const emulator = await startPaymentsEmulator({
    host: apiBase.hostname,
    port: Number(apiBase.port || 80),
    secretKey,
    publishableKey,
    allowedOrigins: storefrontOrigins(config),
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${config.port}/webhooks/stripe`,
    stateFile: join(config.dataDir, 'payments-emulator.json'),
    log: (line) => log.debug({ emulator: 'payments' }, line),
  });
  closers.push(() => emulator.close());
  log.info(`payments: payments emulator at ${emulator.url}`);
  return {
    gateway: createStripeGateway({ secretKey, webhookSecret, apiBase: emulator.url }),
    browser: { mode: 'emulator', publishableKey, apiBase: emulator.url },
  };
}

/** The pages that confirm cards with the embedded payments emulator: the shop's own, and CORS_ORIGINS. */
function storefrontOrigins(config: Config): string[] {
  const hosts = isLoopbackHost(config.host) ? ['127.0.0.1', 'localhost', '[::1]'] : [config.host];
  const own = hosts.map((host) => `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.port}`);
  return [...own, ...(config.security.corsOrigins ?? []).map((origin) => new URL(origin).origin)];
}
