// startAuthEmulator: a real Firebase Auth emulator comes up on the port asked for, answers only
// this machine's names and, from web pages, only the shop's origin on the sign-in API (its hub
// too), and nothing of it (process, port, temporary directory) is left behind once it is closed
// or once the server that started it dies.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForIdToken } from '../../server/testing/firebase-accounts';
import { rawRequest } from '../../server/testing/raw-request';
import { TEST_PROJECT_ID } from '../../server/testing/test-keys';
import { startAuthEmulator, type RunningAuthEmulator } from './auth-emulator';

const projectId = `${TEST_PROJECT_ID}-emulator-test`;
const SHOP_ORIGIN = 'http://127.0.0.1:3000';
const signUpPath = '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key';

// Alive and not a zombie: an orphaned process that exited may wait a while for its reaper.
function processRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function privateTempDirOf(pid: number): string {
  const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  const prefix = 'SPROCKET_AUTH_EMULATOR_TEMP_DIR=';
  return environment.find((entry) => entry.startsWith(prefix))?.slice(prefix.length) ?? '';
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      probe.close(() => resolve(true));
    });
  });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !condition()) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return condition();
}

describe('a running emulator', () => {
  let emulator: RunningAuthEmulator;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    emulator = await startAuthEmulator({ port, projectId, allowedOrigins: [SHOP_ORIGIN] });
  });

  afterAll(() => emulator?.close());

  it('answers on the port it was given and signs accounts in', async () => {
    expect(emulator.host).toBe(`127.0.0.1:${port}`);
    expect(emulator.url).toBe(`http://127.0.0.1:${port}`);
    const account = { email: 'first@example.com', password: 'sprocket123' };
    const signedIn = await signInForIdToken(emulator.url, projectId, account, { create: true });
    expect(signedIn.idToken).toMatch(/^[\w-]+\.[\w-]+\./);
  });

  it('answers the shop’s pages on the sign-in API with their own origin, never *', async () => {
    const preflight = await rawRequest(port, signUpPath, {
      method: 'OPTIONS',
      headers: { origin: SHOP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SHOP_ORIGIN);

    const signUp = await rawRequest(port, signUpPath, {
      method: 'POST',
      headers: { origin: SHOP_ORIGIN },
      json: { email: 'from-the-shop@example.com', password: 'sprocket123', returnSecureToken: true },
    });
    expect(signUp.status).toBe(200);
    expect(signUp.headers['access-control-allow-origin']).toBe(SHOP_ORIGIN);
    expect(JSON.parse(signUp.body)).toHaveProperty('idToken');
  });

  it('refuses a page of another site before the emulator sees it, with no CORS answer', async () => {
    const origin = 'https://attacker.example';
    const preflight = await rawRequest(port, signUpPath, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

    const account = { email: 'from-another-site@example.com', password: 'sprocket123' };
    const signUp = await rawRequest(port, signUpPath, {
      method: 'POST',
      headers: { origin },
      json: { ...account, returnSecureToken: true },
    });
    expect(signUp.status).toBe(403);
    expect(signUp.headers['access-control-allow-origin']).toBeUndefined();
    // Refused, not merely unreadable: no account was made.
    await expect(signInForIdToken(emulator.url, projectId, account)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
  });

  it('refuses the admin API and admin credentials to every page, the shop’s own included', async () => {
    const adminPaths = [`/emulator/v1/projects/${projectId}/oobCodes`, `/emulator/v1/projects/${projectId}/config`];
    for (const path of adminPaths) {
      expect((await rawRequest(port, path, { headers: { origin: SHOP_ORIGIN } })).status, path).toBe(403);
      // The server and its tests call it without an Origin: not a web page.
      expect((await rawRequest(port, path)).status, path).toBe(200);
    }
    const wipe = await rawRequest(port, `/emulator/v1/projects/${projectId}/accounts`, {
      method: 'DELETE',
      headers: { origin: SHOP_ORIGIN },
    });
    expect(wipe.status).toBe(403);
    const asOwner = await rawRequest(port, `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:query`, {
      method: 'POST',
      headers: { origin: SHOP_ORIGIN, authorization: 'Bearer owner' },
      json: {},
    });
    expect(asOwner.status).toBe(403);
    expect(asOwner.body).not.toContain('from-the-shop@example.com');
    await expect(
      signInForIdToken(emulator.url, projectId, { email: 'from-the-shop@example.com', password: 'sprocket123' }),
    ).resolves.toHaveProperty('idToken');
  });

  it('refuses a Host that is not this machine’s (a name rebound to 127.0.0.1), on its hub too', async () => {
    const hubPort = (
      JSON.parse(readFileSync(join(privateTempDirOf(emulator.pid), 'firebase.json'), 'utf8')) as {
        emulators: { hub: { port: number } };
      }
    ).emulators.hub.port;
    for (const [server, path] of [
      [port, '/'],
      [hubPort, '/emulators'],
    ] as const) {
      expect((await rawRequest(server, path, { headers: { host: `attacker.example:${server}` } })).status, path).toBe(403);
      expect((await rawRequest(server, path, { headers: { host: `localhost:${server}` } })).status, path).toBe(200);
      expect((await rawRequest(server, path, { headers: { host: `[::1]:${server}` } })).status, path).toBe(200);
    }
    expect((await rawRequest(hubPort, '/emulators', { headers: { origin: SHOP_ORIGIN } })).status).toBe(403);
  });

  it('refuses to start a second emulator on the same port, naming the port', async () => {
    await expect(startAuthEmulator({ port, projectId })).rejects.toThrow(`127.0.0.1:${port}: the port is in use`);
  });

  it('leaves no process, port or temporary directory behind once closed, twice', async () => {
    const tempDir = privateTempDirOf(emulator.pid);
    expect(existsSync(tempDir)).toBe(true);

    await emulator.close();
    await emulator.close();

    expect(processRunning(emulator.pid)).toBe(false);
    expect(await portFree(port)).toBe(true);
    expect(existsSync(tempDir)).toBe(false);
  });
});

describe('a server that dies without closing its emulator', () => {
  it('takes the emulator down with it', async () => {
    const port = await freePort();
    const moduleUrl = new URL('./auth-emulator.ts', import.meta.url).href;
    const server = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { startAuthEmulator } = await import(${JSON.stringify(moduleUrl)});
         const emulator = await startAuthEmulator({ port: ${port}, projectId: '${projectId}' });
         console.log(JSON.stringify({ pid: emulator.pid }));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: server.stdout }).once('line', resolve);
      server.once('exit', (code) => {
        reject(new Error(`the server exited (${code}) before its emulator started`));
      });
    });
    const { pid } = JSON.parse(firstLine) as { pid: number };
    expect(processRunning(pid)).toBe(true);
    const tempDir = privateTempDirOf(pid);
    expect(existsSync(tempDir)).toBe(true);

    server.kill('SIGKILL');

    expect(await waitFor(() => !processRunning(pid), 25_000)).toBe(true);
    expect(await portFree(port)).toBe(true);
    expect(existsSync(tempDir)).toBe(false);
  }, 90_000);
});
