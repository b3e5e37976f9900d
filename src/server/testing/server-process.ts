// Runs the test entry (serve-for-test.ts, from the run's build) as a child process: for tests that
// need several server processes sharing one database, or a real process to send SIGTERM to.
import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { projectRoot } from '../project-root';
import { builtCommand } from './built-commands';
import { TEST_PROJECT_ID, TEST_SESSION_SECRET, TEST_STRIPE_KEYS } from './test-keys';

/** Loading the server's libraries takes this long on two cores busy with CI's lanes. */
const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the process to end (killing it, and failing, after 20 s). */
  stop: () => Promise<number | null>;
  /** What the process wrote to stderr (its logs), for failure messages. */
  logs: () => string;
}

/**
 * Starts a server process on a free port. `env` names the database (DATABASE_URL, or DATA_DIR for
 * PGlite) and STRIPE_API_BASE (a payments emulator); the run's Auth emulator, the test session
 * secret (so the test can issue tokens the process accepts) and the test Stripe keys are added.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, builtCommand('serve-for-test'), {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      // Several processes run at once: each mail catcher's inbox on a free port.
      MAIL_INBOX_PORT: '0',
      // No load balancer to wait for, unless the test brings one (and sets it).
      SHUTDOWN_DRAIN_MS: '0',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      SESSION_SECRET: TEST_SESSION_SECRET,
      STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    let settled = false;
    const timer = setTimeout(() => fail(`did not listen within ${STARTUP_TIMEOUT_MS} ms`), STARTUP_TIMEOUT_MS);
    function fail(reason: string) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`the server process ${reason}:\n${stderr}`));
    }
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = /^\{"listening":"[^"]+"\}$/m.exec(stdout);
      if (!line || settled) return;
      settled = true;
      clearTimeout(timer);
      resolve((JSON.parse(line[0]) as { listening: string }).listening);
    });
    void exited.then((code) => fail(`exited with ${code} before listening`));
  });

  return {
    url,
    child,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      if (child.signalCode === 'SIGKILL') throw new Error(`the server process did not stop within ${STOP_TIMEOUT_MS} ms:\n${stderr}`);
      return code;
    },
    logs: () => stderr,
  };
}
