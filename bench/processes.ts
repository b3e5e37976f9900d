// The processes a benchmark run starts: the storefront server (the production build, as production
// runs it), the bare Fastify reference, the payments emulator the checkout rows pay through, and
// one load generator per measurement.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import getPort from 'get-port';
import { projectRoot } from '../src/server/project-root';
import { STOREFRONT_ORIGIN } from '../src/emulators/payments/testing/emulator';
import { TEST_STRIPE_KEYS } from '../src/server/testing/test-keys';
import type { LoadResult, LoadSpec } from './load';
import type { OrderFlowsResult, OrderFlowsSpec } from './order-flows';

const READY_TIMEOUT_MS = 60_000;
/** The clock ticks per second /proc/<pid>/stat counts CPU time in. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

export interface RunningProcess {
  url: string;
  /** From spawn until the server answered (GET /ready for the storefront). */
  startupMs: number;
  /** Resident memory of the process now, from /proc. */
  rssBytes: () => number;
  /** CPU time the process has used so far (user and system), from /proc. */
  cpuSeconds: () => number;
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s). */
  stop: () => Promise<void>;
  /** SIGKILL, as a crash or an out-of-memory kill ends it, and waits for the exit. */
  kill: () => Promise<void>;
}

export interface StorefrontOptions {
  /** Where it listens; default a free port. A replacement listens where the process it replaces did. */
  port?: number;
  /** Build first (default); a replacement runs the build its predecessor did. */
  build?: boolean;
}

export async function startStorefront(env: Record<string, string>, options: StorefrontOptions = {}): Promise<RunningProcess> {
  if (options.build ?? true) execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  const port = options.port ?? (await getPort());
  const started = performance.now();
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', 'dist/server/index.js'], {
    cwd: projectRoot,
    // Request logging as shipped: every request is logged (to a discarded stdout).
    // MAIL_INBOX_PORT 0: several storefronts each start their mail catcher on a free port.
    env: {
      ...process.env,
      MAIL_INBOX_PORT: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(child, async () => (await fetch(`${url}/ready`)).ok);
  return running(child, url, performance.now() - started);
}

export async function startBare(payloadFile: string, busyMicroseconds: number): Promise<RunningProcess> {
  const port = await getPort();
  const started = performance.now();
  const args = ['--import', 'tsx', 'bench/bare-server.ts', String(port), payloadFile, String(busyMicroseconds)];
  const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(child, async () => (await fetch(`${url}/bare/none`)).status === 404);
  return running(child, url, performance.now() - started);
}

/** The tRPC adapter alone (bench/adapter-server.ts): stock plugin, our handler, or a bare route. */
export async function startAdapterServer(mode: 'stock' | 'native' | 'bare'): Promise<RunningProcess> {
  const port = await getPort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/adapter-server.ts', String(port), mode], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(child, async () => (await fetch(`${url}/trpc/hello`)).ok);
  return running(child, url, performance.now() - started);
}

/**
 * The payments emulator as a command of its own (src/emulators/payments/main.ts), so that its work
 * is not counted as the storefront's: the storefront's test keys, browser confirmations from the
 * origin bench/order-flow.ts sends, no webhooks (orders.confirm asks the provider).
 */
export async function startPaymentsEmulator(): Promise<RunningProcess> {
  const started = performance.now();
  const keys = ['--secret-key', TEST_STRIPE_KEYS.secretKey, '--publishable-key', TEST_STRIPE_KEYS.publishableKey];
  const args = ['--import', 'tsx', 'src/emulators/payments/main.ts', '--port', '0', ...keys, '--allowed-origin', STOREFRONT_ORIGIN];
  const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  let url = '';
  await waitFor(child, () => {
    url = /listening on (\S+)/.exec(output)?.[1] ?? '';
    return Promise.resolve(url !== '');
  });
  return running(child, url, performance.now() - started);
}

/** Runs one load in its own process (bench/load.ts) and returns its figures. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return runGenerator('bench/load.ts', spec);
}

/** Runs the whole-order flows in their own process (bench/order-flows.ts) and returns their figures. */
export function runOrderFlows(spec: OrderFlowsSpec): Promise<OrderFlowsResult> {
  return runGenerator('bench/order-flows.ts', spec);
}

/** A load generator: its spec as JSON on stdin, its figures as one JSON line on stdout. */
function runGenerator<Result>(script: string, spec: unknown): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: projectRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin.end(JSON.stringify(spec));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator ${script} exited with code ${code}`));
      resolve(JSON.parse(output) as Result);
    });
  });
}

async function waitFor(child: ChildProcess, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`a benchmark process exited with code ${child.exitCode} before it was ready`);
    try {
      if (await ready()) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  throw new Error('a benchmark process did not become ready in time');
}

function running(child: ChildProcess, url: string, startupMs: number): RunningProcess {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    startupMs,
    rssBytes: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kilobytes = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
      return Number(kilobytes ?? 0) * 1024;
    },
    cpuSeconds: () => {
      // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
