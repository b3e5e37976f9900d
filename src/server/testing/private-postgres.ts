// A throwaway Postgres cluster for one test file, which the test may shut down, crash and start
// again without touching the machine's shared server (other suites use it at the same time).
// Debian's server binaries in a temporary directory on a free port, run as the postgres user when
// the tests run as root (initdb refuses root).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../emulators/free-port';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server: 'fast' as an orderly restart does, 'immediate' as a crash. */
  stop: (mode: 'fast' | 'immediate') => Promise<void>;
  /** Starts it again (after an immediate stop, it recovers from its WAL first). */
  start: () => Promise<void>;
  /** Stops it if running and deletes its files. */
  destroy: () => Promise<void>;
}

/** The newest installed server's bin directory, or null. */
function binDir(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

/** Whether this machine can run a private cluster: the binaries, and runuser when root. */
export function privatePostgresAvailable(): boolean {
  return binDir() !== null && (!isRoot() || existsSync('/usr/sbin/runuser'));
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin) throw new Error(`no Postgres server binaries under ${POSTGRES_ROOT}`);
  const asServerUser = (command: string, args: string[]) =>
    isRoot() ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);
  const asServerUserNow = (command: string, args: string[]) =>
    isRoot()
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'ignore' })
      : execFileSync(join(bin, command), args, { stdio: 'ignore' });

  // In memory when possible: fast, and still durable across a Postgres crash ('immediate').
  const dir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sprocket-pg-'));
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const dataDir = join(dir, 'data');
  const port = await freePort();
  await asServerUser('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  let running = false;
  // Never outlive the test process, even when a hook times out before destroy().
  const removeOnExit = () => {
    if (running) asServerUserNow('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', removeOnExit);

  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await asServerUser('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop: async (mode) => {
      await asServerUser('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy: async () => {
      process.removeListener('exit', removeOnExit);
      if (running) await cluster.stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
