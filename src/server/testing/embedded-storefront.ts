// An embedded storefront (PGlite, Firebase Auth emulator, payments emulator, mail catcher) started
// as a separate process for the browser journeys and the web benchmark: its own data directory and
// free ports for the site, both emulators and the mail inbox, so it never collides with a running `npm start`; readiness is
// GET /ready, and stopping drains it (SIGTERM) before the process group is killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../emulators/free-port';
import { projectRoot } from '../project-root';

const POLL_MS = 250;
const STOP_GRACE_MS = 15_000;

export interface EmbeddedStorefront {
  baseUrl: string;
  authEmulatorUrl: string;
  paymentsApiBase: string;
  /** The embedded mail catcher's inbox (its REST API at /api/email). */
  mailInboxUrl: string;
  /** Milliseconds from the spawn until GET /ready answered. */
  readyAfterMs: number;
  /** The process started (node's, or npm's when the command is npm). */
  pid: number;
  stop: () => Promise<void>;
}

export interface EmbeddedStorefrontOptions {
  /** The program and its arguments, e.g. ['npm', 'start']. */
  command: readonly [string, ...string[]];
  /** Where it runs; the checkout unless given (a production directory). */
  cwd?: string;
  /** Variables on top of the embedded ones (rate limits, NODE_ENV). */
  env?: Record<string, string>;
  readyTimeoutMs: number;
  /**
   * A data directory and emulator ports to share with other storefronts (kept on stop: the caller
   * removes it); a new directory and free ports when absent.
   */
  shared?: { dataDir: string; authPort: number; paymentsPort: number };
}

export async function startEmbeddedStorefront(options: EmbeddedStorefrontOptions): Promise<EmbeddedStorefront> {
  const dataDir = options.shared?.dataDir ?? mkdtempSync(join(tmpdir(), 'sprocket-embedded-'));
  const port = await freePort();
  const authPort = options.shared?.authPort ?? (await freePort());
  const paymentsPort = options.shared?.paymentsPort ?? (await freePort());
  const mailInboxPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const [program, ...args] = options.command;
  const server = spawn(program, args, {
    cwd: options.cwd ?? projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
      STRIPE_API_BASE: `http://127.0.0.1:${paymentsPort}`,
      MAIL_INBOX_PORT: String(mailInboxPort),
      LOG_LEVEL: 'warn',
      // No load balancer in front to wait for when it is stopped.
      SHUTDOWN_DRAIN_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, so stopping reaches npm's child and the emulators too.
    detached: true,
  });
  const stop = async () => {
    await stopProcessGroup(server);
    // The Auth emulator runs in a process group of its own and writes its export-on-exit into the
    // data directory as it stops, which can outlast the shop's group on a busy machine (a removal
    // then meets a file written meanwhile: ENOTEMPTY). rmSync retries for about ten seconds.
    if (!options.shared) rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  try {
    await waitUntilReady(baseUrl, server, options.readyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    authEmulatorUrl: `http://127.0.0.1:${authPort}`,
    paymentsApiBase: `http://127.0.0.1:${paymentsPort}`,
    mailInboxUrl: `http://127.0.0.1:${mailInboxPort}`,
    readyAfterMs: performance.now() - started,
    pid: server.pid ?? 0,
    stop,
  };
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the storefront exited with code ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`the storefront was not ready at ${baseUrl} within ${timeoutMs / 1000} s`);
}

/**
 * SIGTERM to the group lets the server drain and stop its emulators (npm itself may exit first, so
 * the whole group is waited for); whatever is left after 15 s is killed.
 */
export async function stopProcessGroup(server: ChildProcess): Promise<void> {
  if (!server.pid) return;
  const group = -server.pid;
  if (!signalGroup(group, 'SIGTERM')) return;
  const deadline = Date.now() + STOP_GRACE_MS;
  while (signalGroup(group, 0)) {
    if (Date.now() > deadline) {
      signalGroup(group, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Sends the signal (0: only checks); false when no process of the group is left. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(group, signal);
    return true;
  } catch {
    return false;
  }
}
