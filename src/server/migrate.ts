// `npm run migrate`: applies the committed migrations to the configured database (DATABASE_URL, or
// the embedded PGlite under DATA_DIR) and exits. A deploy runs it as its own step, as a database
// user allowed to change the schema, and runs the servers with MIGRATE_AT_BOOT=false as a user that
// needs no DDL rights. Safe while servers or other migrations run: they take turns on a lock.
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { migratePostgresOnce, openPglite } from './db/database';

async function main(): Promise<void> {
  const { database } = loadConfig(process.env);
  if (database.kind === 'postgres') {
    await migratePostgresOnce(database.url);
    console.log(`migrate: Postgres at ${new URL(database.url).host} is up to date`);
    return;
  }
  const dir = join(database.dir, 'pglite');
  const handle = await openPglite(dir);
  await handle.close();
  console.log(`migrate: PGlite in ${dir} is up to date`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
