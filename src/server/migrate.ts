// `npm run migrate`: applies the committed migrations to the configured database (DATABASE_URL, or
// the embedded PGlite under DATA_DIR) and exits. A deploy runs it as its own step, as a database
// user allowed to change the schema, and runs the servers with MIGRATE_AT_BOOT=false as a user that
// needs no DDL rights. Safe while servers or other migrations run on Postgres: they take turns on a
// lock (the embedded database is one process's: the server must be stopped). It reads nothing but
// where the data lives, so a deploy's migration step needs no session secret or provider keys.
import { join } from 'node:path';
import { databaseBootFailure } from './boot/boot-failure';
import { lockEmbeddedDatabase } from './boot/pglite-lock';
import { ConfigError, loadStorageConfig } from './config';
import { migratePostgresOnce, openPglite } from './db/database';
import { MigrationError } from './db/migration-runner';

async function main(): Promise<void> {
  const { database } = loadStorageConfig(process.env);
  if (database.kind === 'postgres') {
    await migratePostgresOnce(database.url).catch((error: unknown) => {
      throw databaseBootFailure(error, database.url);
    });
    console.log(`migrate: Postgres at ${new URL(database.url).host} is up to date`);
    return;
  }
  const dir = join(database.dir, 'pglite');
  const unlock = await lockEmbeddedDatabase(database.dir, 'stop it before migrating.');
  try {
    const handle = await openPglite(dir);
    await handle.close();
  } finally {
    await unlock();
  }
  console.log(`migrate: PGlite in ${dir} is up to date`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof MigrationError ? error.message : error);
  process.exit(1);
});
