// Debian's HAProxy running the shipped haproxy.cfg, for the tests and the benchmark of several
// processes: only the listening address and the replicas' addresses are replaced (compose's DNS
// does not exist here), so what is measured is what ships. A stats socket is added, for reading
// which replicas HAProxy has in rotation.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../emulators/free-port';
import { projectPath } from '../project-root';

export const HAPROXY_PATH = '/usr/sbin/haproxy';
const START_TIMEOUT_MS = 10_000;
/** HAProxy logs every request: only the end of its log is kept, for failure messages. */
const KEPT_LOG_CHARACTERS = 64 * 1024;

export function haproxyInstalled(): boolean {
  return existsSync(HAPROXY_PATH);
}

export interface RunningHaproxy {
  /** Where clients reach the shop, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Each replica's name (web0, web1…, in the order given) and its state: UP, DOWN, or a step between. */
  replicaStates: () => Promise<Map<string, string>>;
  /** HAProxy's counts so far of retries on the same replica and of requests sent to another (wretr, wredis). */
  retries: () => Promise<{ retried: number; redispatched: number }>;
  /** The end of what HAProxy logged, for failure messages. */
  logs: () => string;
  stop: () => Promise<void>;
}

/** The shipped configuration, listening on `port`, balancing over `replicas` (host:port each). */
function shippedConfig(port: number, replicas: string[], statsSocket: string): string {
  const shipped = readFileSync(projectPath('haproxy.cfg'), 'utf8');
  const replaced = shipped
    .replace(/^global\n/m, `global\n  stats socket ${statsSocket} level admin\n`)
    .replace(/^(\s*)bind :8080$/m, `$1bind 127.0.0.1:${port}`)
    .replace(/^(\s*)server-template .*$/m, (_line, indent: string) =>
      replicas.map((address, index) => `${indent}server web${index} ${address}`).join('\n'),
    );
  for (const expected of ['stats socket', `bind 127.0.0.1:${port}`, 'server web0 ']) {
    if (!replaced.includes(expected)) throw new Error(`haproxy.cfg no longer has the line replaced by "${expected}"`);
  }
  return replaced;
}

export async function startShippedHaproxy(replicas: string[]): Promise<RunningHaproxy> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sprocket-haproxy-'));
  const statsSocket = join(dir, 'stats.sock');
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, shippedConfig(port, replicas, statsSocket));
  const child = spawn(HAPROXY_PATH, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: string) => (output = (output + chunk).slice(-KEPT_LOG_CHARACTERS));
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  /** HAProxy's statistics, a record per proxy and server, by column name. */
  const statistics = async () => {
    const csv = await askStatsSocket(statsSocket, 'show stat');
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    return rows.map((line) => {
      const values = line.split(',');
      return Object.fromEntries(columns.map((column, index) => [column, values[index] ?? '']));
    });
  };
  const replicaStates = async () =>
    new Map((await statistics()).flatMap((row) => (/^web\d+$/.test(row.svname ?? '') ? [[row.svname ?? '', row.status ?? '']] : [])));
  const retries = async () => {
    const backend = (await statistics()).find((row) => row.svname === 'BACKEND');
    return { retried: Number(backend?.wretr ?? 0), redispatched: Number(backend?.wredis ?? 0) };
  };
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await replicaStates().catch(() => null))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, replicaStates, retries, logs: () => output, stop };
}

/** One command on HAProxy's stats socket; resolves with its whole answer. */
function askStatsSocket(path: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.once('connect', () => socket.end(`${command}\n`));
    socket.once('error', reject);
    socket.once('end', () => resolve(answer));
  });
}
