// Once per test run: the server's build (built-commands.ts), a Firebase Auth emulator on free
// ports, and a freshly migrated database each test file starts from: a template database on
// Postgres when TEST_DATABASE_URL is set (cloned, dropped afterwards), otherwise a migrated
// PGlite's files in a temporary file (loading them takes a third of the time migrating an empty
// PGlite does).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { freePort } from '../../emulators/free-port';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { bundleServer, SERVER_ENTRY_POINTS } from '../../../scripts/server-bundle';
import { openPostgres } from '../db/database';
import { applyMigrations } from '../db/migration-runner';
import * as schema from '../db/schema';
import { projectPath } from '../project-root';
import { startAuthEmulator } from '../../emulators/auth/auth-emulator';
import { TEST_PROJECT_ID } from './test-keys';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the run's server build (built-commands.ts). */
    serverBuildDir: string;
    authEmulatorHost: string;
    /** Set when the suites run against a real Postgres: the migrated database to clone. */
    postgresTemplateUrl: string | null;
    /** Set otherwise: a file holding a migrated PGlite's files (`dumpDataDir`), to load. */
    pgliteSnapshotPath: string | null;
  }
}

/** The server's commands, and the test server (serve-for-test.ts). */
const TEST_ENTRY_POINTS = [...SERVER_ENTRY_POINTS, { in: 'src/server/testing/serve-for-test.ts', out: 'serve-for-test' }];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Inside the project, where the bundles find its packages; one folder per run, as two runs may overlap.
  await mkdir(projectPath('node_modules/.cache'), { recursive: true });
  const buildDir = await mkdtemp(projectPath('node_modules/.cache/sprocket-server-build-'));
  await bundleServer(buildDir, TEST_ENTRY_POINTS);
  project.provide('serverBuildDir', buildDir);

  const emulator = await startAuthEmulator({ port: await freePort(), projectId: TEST_PROJECT_ID });
  project.provide('authEmulatorHost', emulator.host);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const runPrefix = `sprocket_test_${randomBytes(4).toString('hex')}`;
  let templateUrl: string | null = null;
  if (adminUrl) {
    templateUrl = databaseUrl(adminUrl, `${runPrefix}_template`);
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${runPrefix}_template`);
    await admin.end();
    const migrated = await openPostgres(templateUrl, { maxConnections: 1 });
    await migrated.close();
  }
  project.provide('postgresTemplateUrl', templateUrl);
  const snapshotDir = adminUrl ? null : await mkdtemp(join(tmpdir(), 'sprocket-pglite-'));
  project.provide('pgliteSnapshotPath', snapshotDir ? await writePgliteSnapshot(snapshotDir) : null);

  return async () => {
    await rm(buildDir, { recursive: true, force: true });
    await emulator.close();
    if (adminUrl) await dropRunDatabases(adminUrl, runPrefix);
    if (snapshotDir) await rm(snapshotDir, { recursive: true, force: true });
  };
}

export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropRunDatabases(adminUrl: string, runPrefix: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${runPrefix}%`}`;
  for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  await admin.end();
}

async function writePgliteSnapshot(dir: string): Promise<string> {
  const client = new PGlite();
  await applyMigrations(drizzle({ client, schema }), 'pglite', { migrationsFolder: projectPath('migrations') });
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  return file;
}
