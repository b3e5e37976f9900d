// startAuthEmulator: a real Firebase Auth emulator comes up on the port asked for, and nothing of
// it (process, port, temporary directory) is left behind once it is closed or once the server
// that started it dies.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForIdToken } from '../testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../testing/test-keys';
import { startAuthEmulator, type RunningAuthEmulator } from './auth-emulator';

const projectId = `${TEST_PROJECT_ID}-emulator-test`;

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
    port = await getPort();
    emulator = await startAuthEmulator({ port, projectId });
  });

  afterAll(() => emulator?.close());

  it('answers on the port it was given and signs accounts in', async () => {
    expect(emulator.host).toBe(`127.0.0.1:${port}`);
    expect(emulator.url).toBe(`http://127.0.0.1:${port}`);
    const account = { email: 'first@example.com', password: 'sprocket123' };
    const signedIn = await signInForIdToken(emulator.url, projectId, account, { create: true });
    expect(signedIn.idToken).toMatch(/^[\w-]+\.[\w-]+\./);
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
    const port = await getPort();
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
