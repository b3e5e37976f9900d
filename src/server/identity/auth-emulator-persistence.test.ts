// startAuthEmulator with a dataDir: accounts survive a clean restart, and also the emulator being
// killed hard shortly after they were created.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from './auth-emulator';
import { signInForIdToken } from './test-accounts';

const projectId = 'demo-sprocket-persistence-test';
const dataDirs: string[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sprocket-auth-persistence-'));
  dataDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function exportedAccountsMention(dataDir: string, email: string): boolean {
  const exportsDir = join(dataDir, 'exports');
  if (!existsSync(exportsDir)) return false;
  return readdirSync(exportsDir).some((name) => {
    const accounts = join(exportsDir, name, 'auth_export', 'accounts.json');
    return existsSync(accounts) && readFileSync(accounts, 'utf8').includes(email);
  });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !condition()) await new Promise((resolve) => setTimeout(resolve, 200));
  return condition();
}

describe('an emulator with a data directory', () => {
  it('still signs an account in after a clean restart', async () => {
    const dataDir = newDataDir();
    const account = { email: 'kept@example.com', password: 'sprocket123' };
    const first = await startAuthEmulator({ port: await getPort(), projectId, dataDir });
    const { uid } = await signInForIdToken(first.url, projectId, account, { create: true });
    await first.close();

    const second = await startAuthEmulator({ port: await getPort(), projectId, dataDir });
    try {
      await expect(signInForIdToken(second.url, projectId, account)).resolves.toMatchObject({ uid });
    } finally {
      await second.close();
    }
  }, 120_000);

  it('still signs an account in after the emulator was killed hard shortly after the sign-up', async () => {
    const dataDir = newDataDir();
    const account = { email: 'survivor@example.com', password: 'sprocket123' };
    const first = await startAuthEmulator({ port: await getPort(), projectId, dataDir });
    const { uid } = await signInForIdToken(first.url, projectId, account, { create: true });
    expect(await waitFor(() => exportedAccountsMention(dataDir, account.email), 10_000)).toBe(true);
    process.kill(-first.pid, 'SIGKILL');
    await first.close();

    const second = await startAuthEmulator({ port: await getPort(), projectId, dataDir });
    try {
      await expect(signInForIdToken(second.url, projectId, account)).resolves.toMatchObject({ uid });
      expect(readdirSync(join(dataDir, 'exports'))).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 120_000);
});
