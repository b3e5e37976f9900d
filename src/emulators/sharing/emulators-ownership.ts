// Who runs the embedded emulators of a data directory: one process at a time owns them, holding
// DATA_DIR/emulators.lock (created exclusively, naming its pid) from before it starts them until
// they have stopped, and recording where they answer in DATA_DIR/emulators.json once they do
// (written whole: a temporary file renamed into place). Every other process on the data directory
// reads the record and connects (docs/decisions/0017).
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
// The storefront's lock-file protocol, the one its PGlite lock uses: shared, not copied.
import { heldByAnotherLiveProcess, tryToLock, unlock } from '../../server/boot/pid-lock';

export interface EmulatorsRecord {
  /** The process that started them and stops them. */
  pid: number;
  /** "127.0.0.1:9099", when identity is emulated. */
  authHost?: string;
  /** "http://127.0.0.1:12111", when payments are emulated. */
  paymentsUrl?: string;
  /** Where the payments emulator posts its events, each once. */
  webhookUrl?: string;
}

const lockFile = (dataDir: string) => join(dataDir, 'emulators.lock');
const recordFile = (dataDir: string) => join(dataDir, 'emulators.json');

/**
 * Takes ownership; false while a live process holds it. A lock left by a dead process is taken over
 * (the Auth emulator stops itself when its parent dies), and its record forgotten.
 */
export async function tryToOwnEmulators(dataDir: string): Promise<boolean> {
  if (!(await tryToLock(lockFile(dataDir)))) return false;
  await rm(recordFile(dataDir), { force: true });
  return true;
}

/** True while a live process other than this one owns the emulators. */
export function ownedByAnotherLiveProcess(dataDir: string): Promise<boolean> {
  return heldByAnotherLiveProcess(lockFile(dataDir));
}

export async function writeEmulatorsRecord(dataDir: string, record: EmulatorsRecord): Promise<void> {
  const temporary = `${recordFile(dataDir)}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`);
  await rename(temporary, recordFile(dataDir));
}

export async function readEmulatorsRecord(dataDir: string): Promise<EmulatorsRecord | undefined> {
  const text = await readFile(recordFile(dataDir), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as EmulatorsRecord;
  } catch {
    return undefined;
  }
}

/** After the emulators have stopped: the record first, so nobody connects to what is gone. */
export async function releaseEmulators(dataDir: string): Promise<void> {
  await rm(recordFile(dataDir), { force: true });
  await unlock(lockFile(dataDir));
}
