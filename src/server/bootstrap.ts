// `npm run bootstrap -- <email> [--demo-catalogue]`: makes the first admin of a new deployment and,
// when asked, adds the demo catalogue. The person signs up on the shop first (or is created in the
// Firebase console); the command finds them at the identity provider by email, refuses unless the
// provider says that email is verified, and makes the shop account bound to their uid an admin,
// with an audit entry. Running it again changes nothing, and the catalogue is added only to a
// database without parts. Uses the server's configuration (DATABASE_URL or DATA_DIR, the Firebase
// or FIREBASE_AUTH_EMULATOR_HOST settings); it starts no emulator, so in emulator mode the
// emulator must be running (the shop's own, while `npm start` runs). With real Firebase it needs
// DATABASE_URL: the embedded database is no deployed server's. Every failure an operator can cause
// ends in one sentence naming what to change, with exit code 1, never a stack trace.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { databaseBootFailure } from './boot/boot-failure';
import { lockHolder, tryToLock, unlock } from './boot/pid-lock';
import { ConfigError, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type DatabaseHandle } from './db/database';
import { seedDemoCatalogue } from './db/seed';
import { firebaseErrorCode } from './identity/firebase-errors';
import { createFirebaseIdentity, type FirebaseIdentity } from './identity/firebase-identity';
import { IdentityUnavailableError } from './identity/identity-provider';
import { emailSchema } from '../shared/auth';
import { BootstrapRefusal, bootstrapAdmin, type BootstrapOutcome } from './domains/accounts/bootstrap-admin';

const USAGE = 'usage: npm run bootstrap -- <email of the first admin> [--demo-catalogue]';

const SAYS: Record<BootstrapOutcome, (email: string) => string> = {
  created: (email) => `created the shop account of ${email} as admin`,
  promoted: (email) => `made the shop account of ${email} admin`,
  unchanged: (email) => `${email} is already admin; nothing changed`,
};

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'demo-catalogue': { type: 'boolean' } } });
  const [email, ...extra] = positionals;
  if (email === undefined || extra.length > 0) throw new ConfigError(USAGE);
  if (!emailSchema.safeParse(email).success) throw new ConfigError(`${email} is not an email address; ${USAGE}`);
  const config = loadConfig(process.env);
  if (config.identity.kind === 'firebase' && config.database.kind === 'pglite') {
    throw new ConfigError(
      `DATABASE_URL: required with real Firebase (FIREBASE_PROJECT_ID), or the admin would be made in the embedded database in ${config.database.dir}, which no deployed server reads.`,
    );
  }

  const database = await openDatabase(config);
  try {
    const identity = openIdentity(config);
    try {
      const { outcome } = await bootstrapAdmin(database.db, identity, email).catch((error: unknown) => {
        throw identityFailure(error, config);
      });
      console.log(`bootstrap: ${SAYS[outcome](email.trim().toLowerCase())}`);
      if (values['demo-catalogue']) {
        console.log(
          (await seedDemoCatalogue(database.db))
            ? 'bootstrap: added the demo catalogue and its reviews'
            : 'bootstrap: the database already has parts; the demo catalogue was not added',
        );
      }
    } finally {
      await identity.close();
    }
  } catch (error) {
    throw databaseFailure(error, config);
  } finally {
    await database.close();
  }
}

async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.database.kind === 'pglite') return openLockedPglite(config.database.dir);
  const { url, migrateAtBoot, statementTimeoutMs, lockTimeoutMs } = config.database;
  return openPostgres(url, { maxConnections: 1, migrate: migrateAtBoot, statementTimeoutMs, lockTimeoutMs }).catch(
    (error: unknown) => {
      throw databaseFailure(error, config);
    },
  );
}

/** PGlite is one process's database: never opened while a server has it open (its pid lock, as start-dependencies.ts takes it). */
async function openLockedPglite(dataDir: string): Promise<DatabaseHandle> {
  const lock = join(dataDir, 'pglite.lock');
  if (!(await tryToLock(lock))) {
    throw new ConfigError(
      `DATA_DIR: the embedded database in ${join(dataDir, 'pglite')} is open in process ${await lockHolder(lock)}; stop the server, then run this again.`,
    );
  }
  try {
    const handle = await openPglite(join(dataDir, 'pglite'));
    return { ...handle, close: () => handle.close().finally(() => unlock(lock)) };
  } catch (error) {
    await unlock(lock);
    throw error;
  }
}

function openIdentity(config: Config): FirebaseIdentity {
  const identity = config.identity;
  if (identity.kind === 'emulator') return createFirebaseIdentity({ projectId: identity.projectId, emulatorHost: identity.host });
  try {
    return createFirebaseIdentity({ projectId: identity.projectId, credentialsJson: identity.serviceAccountJson });
  } catch (error) {
    throw new ConfigError(`FIREBASE_SERVICE_ACCOUNT: firebase-admin could not use it (${oneLine(error)}).`);
  }
}

/** The identity provider did not answer or refused the lookup, said as the setting to check. */
function identityFailure(error: unknown, config: Config): unknown {
  const identity = config.identity;
  if (error instanceof IdentityUnavailableError) {
    return new ConfigError(
      identity.kind === 'emulator'
        ? `FIREBASE_AUTH_EMULATOR_HOST: no Auth emulator answers at ${identity.host}; start the shop (npm start) or point it at a running emulator.`
        : `FIREBASE_PROJECT_ID: Firebase Auth of project ${identity.projectId} did not answer (${error.message}).`,
    );
  }
  const code = firebaseErrorCode(error);
  if (code === undefined) return error;
  return new ConfigError(
    `FIREBASE_PROJECT_ID: Firebase Auth of project ${identity.projectId} refused the lookup (${code}: ${oneLine(error)}); check the project and its service account.`,
  );
}

/** Postgres gone or refusing, or a schema never migrated, said as the setting or step to check. */
function databaseFailure(error: unknown, config: Config): unknown {
  if (config.database.kind === 'pglite' || error instanceof ConfigError || error instanceof BootstrapRefusal) return error;
  const { url } = config.database;
  // drizzle wraps the driver's error of a failed query, which carries Postgres's code.
  const driverError = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  // Postgres's "undefined table": MIGRATE_AT_BOOT=false and `npm run migrate` not run yet.
  if ((driverError as { code?: unknown } | null)?.code === '42P01') {
    return new ConfigError(`DATABASE_URL: the database at ${new URL(url).host} has no shop tables yet; run npm run migrate first.`);
  }
  return databaseBootFailure(driverError, url);
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

main().catch((error: unknown) => {
  // What an operator can act on; anything else is still one line, never a stack trace.
  console.error(
    error instanceof ConfigError || error instanceof BootstrapRefusal ? error.message : `bootstrap failed: ${oneLine(error)}`,
  );
  process.exit(1);
});
