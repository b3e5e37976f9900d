// `npm run emulators`: a data directory's emulators as a process of their own, recorded for the
// storefront processes to find, on the ports configured (the Auth emulator's hub and logging ports
// too), refused while another process runs them, and released on SIGTERM.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorsRecord } from './sharing/emulators-ownership';
import { projectPath } from '../server/project-root';
import { builtCommand } from '../server/testing/built-commands';

const run = promisify(execFile);
const START_TIMEOUT_MS = 90_000;

let dataDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sprocket-emulators-command-'));
  env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: '8080',
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
    STRIPE_API_BASE: `http://127.0.0.1:${await freePort()}`,
    AUTH_EMULATOR_HUB_PORT: String(await freePort()),
    AUTH_EMULATOR_LOGGING_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const command = [process.execPath, builtCommand('emulators')] as const;
const recordFile = () => join(dataDir, 'emulators.json');

describe('npm run emulators', () => {
  it(
    'runs them once for the data directory, refuses a second run, and releases them on SIGTERM',
    { timeout: START_TIMEOUT_MS },
    async () => {
      const first = spawn(...command, { cwd: projectPath(), env, stdio: 'ignore' });
      const exited = new Promise<number | null>((resolve) => first.once('exit', resolve));
      try {
        const deadline = Date.now() + START_TIMEOUT_MS - 20_000;
        while (!existsSync(recordFile()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
        const record = JSON.parse(readFileSync(recordFile(), 'utf8')) as EmulatorsRecord;
        expect(record).toEqual({
          pid: first.pid,
          authHost: env.FIREBASE_AUTH_EMULATOR_HOST,
          paymentsUrl: env.STRIPE_API_BASE,
          // The address the browser reaches the shop at receives the payment events.
          webhookUrl: 'http://127.0.0.1:8080/webhooks/stripe',
        });
        // The CLI's hub answers on its configured port and lists each emulator on its own.
        const hub = (await (await fetch(`http://127.0.0.1:${env.AUTH_EMULATOR_HUB_PORT}/emulators`)).json()) as Record<
          string,
          { port: number }
        >;
        expect(hub).toMatchObject({
          auth: { port: Number(env.FIREBASE_AUTH_EMULATOR_HOST?.split(':')[1]) },
          hub: { port: Number(env.AUTH_EMULATOR_HUB_PORT) },
          logging: { port: Number(env.AUTH_EMULATOR_LOGGING_PORT) },
        });

        const second = await run(...command, { cwd: projectPath(), env }).then(
          () => ({ code: 0, stderr: '' }),
          (error: { code: number; stderr: string }) => error,
        );
        expect(second.code).toBe(1);
        expect(second.stderr).toContain(`The emulators of ${dataDir} already run in another process`);
      } finally {
        first.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
      expect(existsSync(recordFile())).toBe(false);
      expect(existsSync(join(dataDir, 'emulators.lock'))).toBe(false);
    },
  );
});
