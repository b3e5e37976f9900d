// A Postgres database in a backup: Debian's pg_dump in its custom format (one consistent snapshot,
// taken while the shop runs, in which the migration level is read too). A restore turns the dump
// into SQL (pg_restore) and runs all of it in one transaction (psql), after dropping what the
// database held when told to replace it: a restore that fails changes nothing. Owners and grants
// are left out, as the roles may differ: the restoring user owns what it restores, as it owns what
// `npm run migrate` creates.
import { spawn, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { BackupError } from './backup-error';
import { migrationLevel, type MigrationLevel } from './migration-level';

/** What libpq's programs need: the URL without its password, which goes in PGPASSWORD (not in `ps`). */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const withoutPassword = new URL(url);
  const password = decodeURIComponent(withoutPassword.password);
  withoutPassword.password = '';
  return { dbname: withoutPassword.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Resolves when the program exits with 0; otherwise a BackupError with what it wrote to stderr. */
function succeeded(child: ChildProcess, program: string): Promise<void> {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${program} was not found: install Debian's postgresql-client (of the server's major version or newer).`)
          : error,
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${program} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
}

async function withConnection<T>(url: string, work: (client: postgres.Sql) => Promise<T>): Promise<T> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(client);
  } finally {
    await client.end({ timeout: 5 });
  }
}

function levelOf(url: string): Promise<MigrationLevel> {
  return withConnection(url, (client) => migrationLevel((query) => client.unsafe(query)));
}

/** Dumps the database, and reads its migration level in the very snapshot pg_dump copies. */
export async function dumpPostgres(url: string, file: string): Promise<MigrationLevel> {
  const { dbname, env } = libpqTarget(url);
  return withConnection(url, (client) =>
    client.begin('isolation level repeatable read read only', async (tx) => {
      const [exported] = await tx<Array<{ snapshot: string }>>`select pg_export_snapshot() as snapshot`;
      const level = await migrationLevel((query) => tx.unsafe(query));
      const args = ['--format=custom', `--snapshot=${exported?.snapshot ?? ''}`, `--file=${file}`, `--dbname=${dbname}`];
      await succeeded(spawn('pg_dump', args, { env, stdio: ['ignore', 'ignore', 'pipe'] }), 'pg_dump');
      return level;
    }),
  );
}

/** Why the database cannot take a restore as it is (it has tables), or null when it is empty. */
export async function postgresInUse(url: string): Promise<string | null> {
  return withConnection(url, async (client) => {
    const [row] = await client<Array<{ tables: number }>>`
      select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;
    const tables = row?.tables ?? 0;
    return tables > 0 ? `the database ${databaseName(url)} already has ${tables} tables` : null;
  });
}

/** The shop's schemas emptied; `public` as Postgres creates it: anyone may use it, its owner creates in it. */
const DROP_THE_SHOP = [
  'drop schema if exists drizzle cascade',
  'drop schema if exists public cascade',
  'create schema public',
  'grant usage on schema public to public',
];

/** Restores the dump; with `replace`, drops the shop's schemas first, in the same transaction. */
export async function restorePostgres(url: string, file: string, { replace }: { replace: boolean }): Promise<MigrationLevel> {
  if (replace) await refuseWhileOthersConnected(url);
  const { dbname, env } = libpqTarget(url);
  const script = spawn('pg_restore', ['--no-owner', '--no-acl', '--file=-', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prelude = replace ? DROP_THE_SHOP.map((statement) => `--command=${statement}`) : [];
  const apply = spawn(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${dbname}`, ...prelude, '--file=-'],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  // psql commits when its input ends, so it ends only once pg_restore has written all of the dump;
  // if pg_restore fails, psql is killed and Postgres rolls its transaction back.
  script.stdout.pipe(apply.stdin, { end: false });
  // psql stopping at an error closes its input early: its exit status says why, not the broken pipe.
  apply.stdin.on('error', () => {});
  const scriptWritten = succeeded(script, 'pg_restore').then(
    () => apply.stdin.end(),
    (error: unknown) => {
      apply.kill('SIGKILL');
      throw error;
    },
  );
  await Promise.all([scriptWritten, succeeded(apply, 'psql')]);
  return levelOf(url);
}

/** Dropping a shop's data while servers take orders in it would lose those orders. */
async function refuseWhileOthersConnected(url: string): Promise<void> {
  const others = await withConnection(url, async (client) => {
    const [row] = await client<Array<{ others: number }>>`
      select count(*)::int as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    return row?.others ?? 0;
  });
  if (others > 0) {
    throw new BackupError(
      `${others} other sessions are connected to ${databaseName(url)}: stop the servers before replacing its data.`,
    );
  }
}

function databaseName(url: string): string {
  const { host, pathname } = new URL(url);
  return `${decodeURIComponent(pathname.slice(1))} at ${host}`;
}
