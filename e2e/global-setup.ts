// Once per journey run: build the browser app, start the real storefront in embedded mode
// (PGlite, Firebase Auth emulator, payments emulator) on free ports, stop it afterwards.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorUrl: string;
    paymentsApiBase: string;
  }
}

const READY_TIMEOUT_MS = 120_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  // Vitest sets NODE_ENV=test, which would give React's development build; the journeys drive the production one.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });

  const [port, authPort, paymentsPort] = [await getPort(), await getPort(), await getPort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
      STRIPE_API_BASE: `http://127.0.0.1:${paymentsPort}`,
      LOG_LEVEL: 'warn',
      // Every journey signs in and books from 127.0.0.1: lift the per-IP and per-user limits.
      RATE_LIMIT_SESSIONS_PER_MINUTE: '10000',
      RATE_LIMIT_BOOKINGS_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, server);
  console.log(`e2e: storefront ready at ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  project.provide('baseUrl', baseUrl);
  project.provide('authEmulatorUrl', `http://127.0.0.1:${authPort}`);
  project.provide('paymentsApiBase', `http://127.0.0.1:${paymentsPort}`);

  return async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    console.log(`e2e: whole journey run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
}

async function waitUntilReady(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the storefront exited with code ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop(server);
  throw new Error(`the storefront was not ready at ${baseUrl} within ${READY_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM lets the server drain and stop its emulators; the whole process group goes after 15 s. */
async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.pid && process.kill(-server.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
