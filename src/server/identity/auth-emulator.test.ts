// startAuthEmulator: a real Firebase Auth emulator comes up on the port asked for, and nothing of
// it is left behind once it is closed or once the server that started it dies.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { createInterface } from 'node:readline';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type RunningAuthEmulator } from './auth-emulator';
import { signInForIdToken } from './test-accounts';

const projectId = 'demo-sprocket-emulator-test';

function processGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return condition();
}

describe('a running emulator', () => {
  let emulator: RunningAuthEmulator;
  let port: number;
  let startMs: number;

  beforeAll(async () => {
    port = await getPort();
    const startedAt = Date.now();
    emulator = await startAuthEmulator({ port, projectId });
    startMs = Date.now() - startedAt;
  });

  afterAll(() => emulator?.close());

  it('answers on the port it was given and signs accounts in', async () => {
    console.info(`auth emulator started in ${startMs} ms`);
    expect(emulator.host).toBe(`127.0.0.1:${port}`);
    expect(emulator.url).toBe(`http://127.0.0.1:${port}`);
    const account = { email: 'first@example.com', password: 'sprocket123' };
    await expect(signInForIdToken(emulator.url, projectId, account, { create: true })).resolves.toMatchObject({
      uid: expect.any(String),
    });
  });

  it('refuses to start a second emulator on the same port, naming the port', async () => {
    await expect(startAuthEmulator({ port, projectId })).rejects.toThrow(`127.0.0.1:${port}`);
  });

  it('leaves no process and no taken port behind once closed, and can be closed twice', async () => {
    await emulator.close();
    await emulator.close();

    expect(processGroupAlive(emulator.pid)).toBe(false);
    expect(await portFree(port)).toBe(true);
  });
});

describe('a port already taken by something else', () => {
  let blocker: Server;
  let port: number;

  beforeAll(async () => {
    port = await getPort();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('fails at once with an error naming the port', async () => {
    await expect(startAuthEmulator({ port, projectId })).rejects.toThrow(/127\.0\.0\.1:\d+: the port is in use/);
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
      createInterface({ input: server.stdout! }).once('line', resolve);
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before its emulator started`)));
    });
    const { pid } = JSON.parse(firstLine) as { pid: number };
    expect(processGroupAlive(pid)).toBe(true);

    server.kill('SIGKILL');

    expect(await waitFor(() => !processGroupAlive(pid), 25_000)).toBe(true);
    expect(await portFree(port)).toBe(true);
  }, 90_000);
});
