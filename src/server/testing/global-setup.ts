// Once per test run: a Firebase Auth emulator on free ports, and, when TEST_DATABASE_URL is
// set, a freshly migrated template database that each test file clones (dropped afterwards).
import { randomBytes } from 'node:crypto';
import getPort from 'get-port';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/database';
import { startAuthEmulator } from '../identity/auth-emulator';
import { TEST_PROJECT_ID } from './test-keys';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    /** Set when the suites run against a real Postgres: the migrated database to clone. */
    postgresTemplateUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startAuthEmulator({ port: await getPort(), projectId: TEST_PROJECT_ID });
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

  return async () => {
    await emulator.close();
    if (adminUrl) await dropRunDatabases(adminUrl, runPrefix);
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
