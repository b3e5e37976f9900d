// Builds every dependency the app needs from the configuration, using the embedded emulators
// (shared by every process on DATA_DIR) where a piece is not configured for real. Logs a line when
// a slow piece starts (the Auth emulator takes seconds) and one when each piece is up, so a start
// is never silent.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RuntimeConfig } from '../../shared/payments';
import type { RateLimitStore } from '../auth/rate-limits';
import { createSessionTokens } from '../auth/session-tokens';
import { createReadCache } from '../cache/read-cache';
import type { Config } from '../config';
import type { AppDeps } from '../context';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database';
import { seedDemoAccounts, seedDemoData, tieSeededDemoReviews } from '../db/seed';
import { createFirebaseIdentity } from '../identity/firebase-identity';
import type { IdentityProvider } from '../identity/identity-provider';
import type { PaymentsGateway } from '../payments/payments-gateway';
import { createStripeGateway } from '../payments/stripe-gateway';
import { createMetrics } from '../metrics/metrics';
import { projectPath } from '../project-root';
import { createShopImages } from '../domains/catalogue/images';
import { openRateLimitStore } from './rate-limit-store';
import { createSmtpMailer, type Mailer } from '../domains/email/mailer';
import { readEmailQueue } from '../domains/email/outbox-sender';
import { runsBackgroundJobs } from '../process-role';
import { databaseBootFailure, mailCatcherBootFailure } from './boot-failure';
import { lockEmbeddedDatabase } from './pglite-lock';
import { readOrCreateSecret } from './secrets';
import { startMailCatcher, useStandIns, type SharedEmulators } from './stand-ins';

export interface StartedDependencies {
  deps: AppDeps;
  runtimeConfig: RuntimeConfig;
  ping: () => Promise<void>;
  /** Where the rate limits are counted. */
  rateLimitStore: RateLimitStore;
  /** Sends the order emails; absent in a process that runs no background jobs (ROLE=web). */
  mailer?: Mailer;
  /** The embedded mail catcher's web inbox, when it runs (no SMTP_URL). */
  mailInbox?: string;
  /** Stops what was started, in reverse order. */
  close: () => Promise<void>;
  /** At the shutdown deadline: rolls back the database work still running (boot/shutdown.ts). */
  abandonDatabaseWork: () => Promise<void>;
}

type Closer = () => Promise<void>;

export async function startDependencies(config: Config, log: FastifyBaseLogger): Promise<StartedDependencies> {
  const closers: Closer[] = [];
  try {
    // The database, the emulators and the mail are independent: start them together (the Auth
    // emulator takes longest).
    const [database, emulators, mail] = await settleAll([
      openDatabase(config, log, closers),
      useEmulators(config, log, closers),
      startMail(config, log, closers),
    ] as const);
    const identity = identityOf(config, emulators);
    const payments = paymentsOf(config, emulators);
    const rateLimits = await openRateLimitStore(config, database, log);
    closers.push(rateLimits.close);
    const sessionKeys = config.sessionSecrets ?? (await readOrCreateSecret(config.dataDir, 'session'));

    if (database.kind === 'pglite') {
      if (await seedDemoData(database.db)) log.info('seeded the demo catalogue, reviews and accounts');
      else if ((await tieSeededDemoReviews(database.db)) > 0) log.info('tied the demo reviews to their parts');
    }
    if (config.identity.kind === 'emulator') {
      log.info('identity: making sure the demo accounts exist…');
      await seedDemoAccounts(identity.provider);
    }

    const cache = createReadCache(database.changes);
    return {
      deps: {
        db: database.db,
        cache,
        identity: identity.provider,
        payments: payments.gateway,
        sessions: createSessionTokens(sessionKeys),
        adminEmails: config.adminEmails,
        holdLimits: config.holdLimits,
        bookingHoldMs: config.holdExpiryMs,
        shopTimeZone: config.shopTimeZone,
        shopUrl: config.shopUrl,
        webhookAddressPolicy: { allowLoopback: config.webhooksAllowLoopback },
        log,
        metrics: createMetrics({
          readCache: cache.stats,
          pool: database.poolUse,
          // Only the processes that send the emails report the queue they drain.
          ...(runsBackgroundJobs(config.role) ? { emailQueue: () => readEmailQueue(database.db) } : {}),
        }),
        images: createShopImages({ shippedDir: projectPath('dist/client/images'), uploadsDir: config.imagesDir }),
      },
      runtimeConfig: { firebase: identity.web, payments: payments.browser },
      ping: database.ping,
      rateLimitStore: rateLimits.store,
      ...mail,
      close: () => closeAll(closers),
      abandonDatabaseWork: async () => database.abandon?.(),
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
    const { poolSize, migrateAtBoot, statementTimeoutMs, lockTimeoutMs } = config.database;
    log.info(`database: connecting to Postgres at ${new URL(url).host}${migrateAtBoot ? ' and applying migrations' : ''}…`);
    const handle = await openPostgres(url, {
      maxConnections: poolSize,
      migrate: migrateAtBoot,
      statementTimeoutMs,
      lockTimeoutMs,
    }).catch((error: unknown) => {
      throw databaseBootFailure(error, url);
    });
    closers.push(() => handle.close());
    log.info(`database: Postgres at ${new URL(config.database.url).host}, up to ${config.database.poolSize} connections`);
    return handle;
  }
  const dir = join(config.database.dir, 'pglite');
  closers.push(
    await lockEmbeddedDatabase(config.database.dir, 'give each process its own DATA_DIR, or share a Postgres through DATABASE_URL.'),
  );
  log.info(`database: opening PGlite in ${dir} and applying migrations…`);
  const handle = await openPglite(dir);
  closers.push(() => handle.close());
  log.info(`database: embedded PGlite in ${dir}`);
  return handle;
}

function identityOf(
  config: Config,
  emulators: SharedEmulators | undefined,
): { provider: IdentityProvider; web: RuntimeConfig['firebase'] } {
  const identity = config.identity;
  if (identity.kind === 'firebase') {
    return {
      provider: createFirebaseIdentity({ projectId: identity.projectId, credentialsJson: identity.serviceAccountJson }),
      web: { projectId: identity.projectId, ...identity.web },
    };
  }
  const host = emulators?.authHost ?? identity.host;
  return {
    provider: createFirebaseIdentity({ projectId: identity.projectId, emulatorHost: host }),
    web: {
      apiKey: 'demo-api-key',
      authDomain: `${identity.projectId}.firebaseapp.com`,
      projectId: identity.projectId,
      emulatorUrl: `http://${host}`,
    },
  };
}

function paymentsOf(
  config: Config,
  emulators: SharedEmulators | undefined,
): { gateway: PaymentsGateway; browser: RuntimeConfig['payments'] } {
  const payments = config.payments;
  if (payments.kind === 'stripe') {
    return {
      gateway: createStripeGateway(payments),
      browser: { mode: 'stripe', publishableKey: payments.publishableKey },
    };
  }
  if (!emulators?.payments) throw new Error('the payments emulator was not started');
  const { url, keys } = emulators.payments;
  return {
    gateway: createStripeGateway({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret, apiBase: url }),
    browser: { mode: 'emulator', publishableKey: keys.publishableKey, apiBase: url },
  };
}

/** The embedded emulators, shared by every process on the data directory, when a piece is not real. */
async function useEmulators(config: Config, log: FastifyBaseLogger, closers: Closer[]): Promise<SharedEmulators | undefined> {
  if (config.identity.kind === 'firebase') log.info(`identity: Firebase project ${config.identity.projectId}`);
  if (config.payments.kind === 'stripe')
    log.info(`payments: Stripe${config.payments.apiBase ? ` API at ${config.payments.apiBase}` : ''}`);
  if (config.identity.kind !== 'emulator' && config.payments.kind !== 'emulator') return undefined;
  const emulators = await useStandIns({ config, log, takeOver: true });
  closers.push(emulators.close);
  if (emulators.authHost)
    log.info(`identity: Firebase Auth emulator at http://${emulators.authHost} (project ${config.identity.projectId})`);
  if (emulators.payments) log.info(`payments: payments emulator at ${emulators.payments.url}`);
  return emulators;
}

/**
 * The order emails' way out, in the processes that send them: the configured SMTP server, or the
 * embedded mail catcher (its inbox on MAIL_INBOX_PORT, loopback only). config.ts has already
 * refused the catcher for a real shop unless ALLOW_MAIL_CATCHER says it is staging.
 */
async function startMail(config: Config, log: FastifyBaseLogger, closers: Closer[]): Promise<{ mailer?: Mailer; mailInbox?: string }> {
  const mail = config.mail;
  if (!runsBackgroundJobs(config.role)) {
    log.info('mail: sent by the worker processes');
    return {};
  }
  if (mail.kind === 'smtp') {
    const mailer = createSmtpMailer({ url: mail.url, from: mail.from, maxConnections: mail.maxConnections });
    closers.push(async () => mailer.close());
    log.info(`mail: SMTP at ${new URL(mail.url).host}, up to ${mail.maxConnections} connections`);
    return { mailer };
  }
  const catcher = await startMailCatcher({ inboxPort: mail.inboxPort, smtpPort: mail.smtpPort }).catch((error: unknown) => {
    throw mailCatcherBootFailure(error, mail);
  });
  closers.push(() => catcher.close());
  const mailer = createSmtpMailer({ url: catcher.smtpUrl, from: mail.from });
  closers.push(async () => mailer.close());
  log.info(`mail: mail catcher, inbox at ${catcher.inboxUrl} (SMTP at ${new URL(catcher.smtpUrl).host})`);
  return { mailer, mailInbox: catcher.inboxUrl };
}
