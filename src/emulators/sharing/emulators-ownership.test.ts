// Who owns a data directory's embedded emulators: exactly one process at a time, a lock left by a
// dead process is taken over, and giving up ownership removes the record before the lock.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ownedByAnotherLiveProcess,
  readEmulatorsRecord,
  releaseEmulators,
  tryToOwnEmulators,
  writeEmulatorsRecord,
} from './emulators-ownership';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sprocket-ownership-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('owning the embedded emulators of a data directory', () => {
  it('lets exactly one of many simultaneous claims win', async () => {
    const claims = await Promise.all(Array.from({ length: 10 }, () => tryToOwnEmulators(dataDir)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a claim while a live process holds the lock', async () => {
    writeFileSync(join(dataDir, 'emulators.lock'), String(process.ppid));

    expect(await tryToOwnEmulators(dataDir)).toBe(false);
    expect(await ownedByAnotherLiveProcess(dataDir)).toBe(true);
  });

  it('takes over a lock, and forgets the record, of a process that died without releasing them', async () => {
    const dead = deadPid();
    writeFileSync(join(dataDir, 'emulators.lock'), String(dead));
    await writeEmulatorsRecord(dataDir, { pid: dead, authHost: '127.0.0.1:9099' });

    expect(await ownedByAnotherLiveProcess(dataDir)).toBe(false);
    expect(await tryToOwnEmulators(dataDir)).toBe(true);
    expect(await readEmulatorsRecord(dataDir)).toBeUndefined();
  });

  it('takes over a lock naming its own pid that it did not take, as a restarted container may find', async () => {
    writeFileSync(join(dataDir, 'emulators.lock'), String(process.pid));

    expect(await ownedByAnotherLiveProcess(dataDir)).toBe(false);
    expect(await tryToOwnEmulators(dataDir)).toBe(true);
    expect(await tryToOwnEmulators(dataDir)).toBe(false);
    await releaseEmulators(dataDir);
  });

  it('releases the record and the lock, so the next process can start them', async () => {
    expect(await tryToOwnEmulators(dataDir)).toBe(true);
    await writeEmulatorsRecord(dataDir, { pid: process.pid, paymentsUrl: 'http://127.0.0.1:12111' });
    expect(await readEmulatorsRecord(dataDir)).toEqual({ pid: process.pid, paymentsUrl: 'http://127.0.0.1:12111' });

    await releaseEmulators(dataDir);

    expect(existsSync(join(dataDir, 'emulators.json'))).toBe(false);
    expect(await tryToOwnEmulators(dataDir)).toBe(true);
  });
});
