// `npm run bootstrap -- <email> [--demo-catalogue]`: makes the first admin of a new deployment and,
// when asked, adds the demo catalogue. The person signs up on the shop first (or is created in the
// Firebase console); the command finds them at the identity provider by email, refuses unless the
// provider says that email is verified, and makes the shop account bound to their uid an admin,
// with an audit entry. Running it again changes nothing, and the catalogue is added only to a
// database without parts. Uses the server's configuration (DATABASE_URL or DATA_DIR, the Firebase
// or FIREBASE_AUTH_EMULATOR_HOST settings); it starts no emulator, so in emulator mode the
// emulator must be running (the shop's own, while `npm start` runs).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { databaseBootFailure } from './boot/boot-failure';
import { ConfigError, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type DatabaseHandle } from './db/database';
import { seedDemoCatalogue } from './db/seed';
import { createFirebaseIdentity, type FirebaseIdentity } from './identity/firebase-identity';
import { IdentityUnavailableError } from './identity/identity-provider';
import { BootstrapRefusal, bootstrapAdmin, type BootstrapOutcome } from './services/bootstrap-admin';

const USAGE = 'usage: npm run bootstrap -- <email of the first admin> [--demo-catalogue]';

const SAYS: Record<BootstrapOutcome, (email: string) => string> = {
  created: (email) => `created the shop account of ${email} as admin`,
  promoted: (email) => `made the shop account of ${email} admin`,
  unchanged: (email) => `${email} is already admin; nothing changed`,
};

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'demo-catalogue': { type: 'boolean' } } });
  const [email, ...extra] = positionals;
  if (!email?.includes('@') || extra.length > 0) throw new ConfigError(USAGE);
  const config = loadConfig(process.env);

  const database = await openDatabase(config);
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
    await database.close();
  }
}

async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.database.kind === 'pglite') return openPglite(join(config.database.dir, 'pglite'));
  const { url, migrateAtBoot, statementTimeoutMs, lockTimeoutMs } = config.database;
  return openPostgres(url, { maxConnections: 1, migrate: migrateAtBoot, statementTimeoutMs, lockTimeoutMs }).catch(
    (error: unknown) => {
      throw databaseBootFailure(error, url);
    },
  );
}

function openIdentity(config: Config): FirebaseIdentity {
  const identity = config.identity;
  if (identity.kind === 'emulator') return createFirebaseIdentity({ projectId: identity.projectId, emulatorHost: identity.host });
  return createFirebaseIdentity({ projectId: identity.projectId, credentialsJson: identity.serviceAccountJson });
}

/** An identity provider that does not answer, said as the setting to check. */
function identityFailure(error: unknown, config: Config): unknown {
  if (!(error instanceof IdentityUnavailableError)) return error;
  const identity = config.identity;
  return new ConfigError(
    identity.kind === 'emulator'
      ? `FIREBASE_AUTH_EMULATOR_HOST: no Auth emulator answers at ${identity.host}; start the shop (npm start) or point it at a running emulator.`
      : `FIREBASE_PROJECT_ID: Firebase Auth of project ${identity.projectId} did not answer (${error.message}).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof BootstrapRefusal ? error.message : error);
  process.exit(1);
});
