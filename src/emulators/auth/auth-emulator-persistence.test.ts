// startAuthEmulator with a dataDir: accounts survive the emulator being killed hard shortly after
// they were created, and a clean restart.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { freePort } from '../free-port';
import { afterAll, describe, expect, it } from 'vitest';
import { signInForIdToken } from '../../server/testing/firebase-accounts';
import { TEST_PROJECT_ID } from '../../server/testing/test-keys';
import { startAuthEmulator, type RunningAuthEmulator } from './auth-emulator';

const projectId = `${TEST_PROJECT_ID}-persistence-test`;
const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-auth-persistence-'));
const started: RunningAuthEmulator[] = [];

async function startWithDataDir(): Promise<RunningAuthEmulator> {
  const port = await freePort();
  // Relative, as DATA_DIR usually is (.data).
  const emulator = await startAuthEmulator({ port, projectId, dataDir: relative('.', dataDir) });
  started.push(emulator);
  return emulator;
}

afterAll(async () => {
  await Promise.all(started.map((emulator) => emulator.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

function exportedAccountsMention(email: string): boolean {
  const exportsDir = join(dataDir, 'exports');
  if (!existsSync(exportsDir)) return false;
  return readdirSync(exportsDir).some((name) => {
    const accounts = join(exportsDir, name, 'auth_export', 'accounts.json');
    return existsSync(accounts) && readFileSync(accounts, 'utf8').includes(email);
  });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !condition()) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return condition();
}

describe('an emulator with a data directory', () => {
  it('keeps accounts through a hard kill soon after a sign-up, and a clean restart', async () => {
    const early = { email: 'survivor@example.com', password: 'sprocket123' };
    const late = { email: 'kept@example.com', password: 'sprocket123' };

    const first = await startWithDataDir();
    const { uid: earlyUid } = await signInForIdToken(first.url, projectId, early, { create: true });
    expect(await waitFor(() => exportedAccountsMention(early.email), 10_000)).toBe(true);
    process.kill(-first.pid, 'SIGKILL');
    await first.close();

    const second = await startWithDataDir();
    await expect(signInForIdToken(second.url, projectId, early)).resolves.toMatchObject({
      uid: earlyUid,
    });
    const { uid: lateUid } = await signInForIdToken(second.url, projectId, late, { create: true });
    await second.close();

    const third = await startWithDataDir();
    await expect(signInForIdToken(third.url, projectId, late)).resolves.toMatchObject({
      uid: lateUid,
    });
    await expect(signInForIdToken(third.url, projectId, early)).resolves.toMatchObject({
      uid: earlyUid,
    });
    expect(readdirSync(join(dataDir, 'exports'))).toHaveLength(1);
  }, 150_000);
});
