// The documented deploy starts: the build (made by the journeys' setup) copied into a directory
// holding only what docs/operations.md says to copy, a production-only install, and there `node
// dist/server/index.js`, in embedded mode, serves the shop, and `npm run emulators` runs the
// embedded emulators as a process of their own.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/emulators/free-port';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedStorefront, stopProcessGroup, type EmbeddedStorefront } from '../src/server/testing/embedded-storefront';
import { prepareProductionDirectory, START } from '../src/server/testing/production-directory';

/** A first production install takes minutes on two busy cores; later runs reuse it. */
const PREPARE_TIMEOUT_MS = 600_000;
/** The Auth emulator (firebase-tools) takes tens of seconds to start on busy shared cores. */
const EMULATORS_TIMEOUT_MS = 120_000;

let directory: string;
let storefront: EmbeddedStorefront;

beforeAll(async () => {
  directory = prepareProductionDirectory();
  storefront = await startEmbeddedStorefront({ command: START, cwd: directory, readyTimeoutMs: 120_000 });
}, PREPARE_TIMEOUT_MS);

afterAll(async () => {
  await storefront?.stop();
});

it('runs from the build and a production-only install, without the sources', async () => {
  expect(existsSync(join(directory, 'src'))).toBe(false);
  expect(existsSync(join(directory, 'node_modules', 'react'))).toBe(false);

  const ready = await fetch(`${storefront.baseUrl}/ready`);
  expect(ready.status).toBe(200);

  const page = await fetch(`${storefront.baseUrl}/`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  // Rendered on the server with its data, by the render the build bundled with its packages.
  expect(await page.text()).toContain('Bike Headsets');

  const parts = (await (await fetch(`${storefront.baseUrl}/tools`)).json()) as { name: string }[];
  expect(parts.map((part) => part.name)).toContain('Bike Headsets');

  // The API reference's script comes from the production install (swagger-ui-dist is a dependency).
  expect((await fetch(`${storefront.baseUrl}/api/docs/swagger-ui-bundle.js`)).status).toBe(200);
  expect((await fetch(`${storefront.baseUrl}/api/v1/openapi.json`)).status).toBe(200);
});

it(
  'runs `npm run emulators` there: both emulators answer until it is stopped',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-production-emulators-'));
    const authHost = `127.0.0.1:${await freePort()}`;
    const paymentsUrl = `http://127.0.0.1:${await freePort()}`;
    const emulators = spawn('npm', ['run', 'emulators'], {
      cwd: directory,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        FIREBASE_AUTH_EMULATOR_HOST: authHost,
        STRIPE_API_BASE: paymentsUrl,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its own process group, so that the stop reaches npm's child and the Auth emulator too.
      detached: true,
    });
    let errors = '';
    emulators.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    const recorded = () => existsSync(join(dataDir, 'emulators.json'));
    try {
      // Both are recorded for the storefront processes once both answer (src/emulators/sharing/shared-emulators.ts).
      await expect.poll(() => recorded() || emulators.exitCode !== null, { timeout: EMULATORS_TIMEOUT_MS - 20_000 }).toBe(true);
      expect(recorded(), errors).toBe(true);
      expect((await fetch(`http://${authHost}/`)).status).toBe(200);
      // An unknown intent asked with the data directory's own key: Stripe's 404, from an emulator holding that key.
      const secretKey = readFileSync(join(dataDir, 'payments-secret-key.secret'), 'utf8').trim();
      const unknown = await fetch(`${paymentsUrl}/v1/payment_intents/pi_unknown`, {
        headers: { authorization: `Bearer ${secretKey}` },
      });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'resource_missing' } });
      await stopProcessGroup(emulators);
      // Stopped on SIGTERM, it gave the data directory's emulators up for another process to run.
      expect(recorded()).toBe(false);
    } finally {
      await stopProcessGroup(emulators);
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  },
  EMULATORS_TIMEOUT_MS,
);
