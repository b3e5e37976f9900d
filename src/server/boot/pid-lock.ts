// A lock file naming the process that holds it, for what only one process may have at a time on a
// data directory (its embedded emulators, its PGlite database). Taken by exclusive creation, so of
// two processes trying at the same moment exactly one wins; a lock whose process is gone (killed
// before it could remove it) is taken over, and so is one naming this process's pid that this
// process did not take: a container restarted after a crash often gets the same pid again.
// The file appears with its pid already in it (written aside, then hard-linked into place), so no
// other process ever reads a lock that is there but empty.
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The locks this process took and still holds. */
const heldHere = new Set<string>();

/** True when this process now holds the lock; false while a live process (this one too) does. */
export async function tryToLock(file: string): Promise<boolean> {
  await mkdir(dirname(file), { recursive: true });
  const mine = `${file}.${process.pid}.${randomUUID()}`;
  await writeFile(mine, String(process.pid));
  try {
    for (;;) {
      if (heldHere.has(file)) return false;
      try {
        await link(mine, file);
        heldHere.add(file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await lockHolder(file);
      // Taken meanwhile by another call of this process, or held by another live process.
      if (heldHere.has(file) || (holder !== undefined && holder !== process.pid && isAlive(holder))) return false;
      await setAsideStaleLock(file, mine);
    }
  } finally {
    await rm(mine, { force: true });
  }
}

/**
 * Moves a stale lock out of the way. Two processes may find the same stale lock at once: moving it
 * is atomic, so one of them moves it; if what it moved turns out to be a live process's lock (taken
 * over by another one just before), it goes back.
 */
async function setAsideStaleLock(file: string, mine: string): Promise<void> {
  const aside = `${mine}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const holder = await lockHolder(aside);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) await link(aside, file).catch(() => undefined);
  await rm(aside, { force: true });
}

/** The pid holding the lock, if any. */
export async function lockHolder(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const pid = Number(text);
  return text && Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** True while a live process other than this one holds the lock (a stale lock naming our pid is not). */
export async function heldByAnotherLiveProcess(file: string): Promise<boolean> {
  const holder = await lockHolder(file);
  return holder !== undefined && holder !== process.pid && isAlive(holder);
}

/** Removes the lock if this process holds it. */
export async function unlock(file: string): Promise<void> {
  if (!heldHere.delete(file)) return;
  if ((await lockHolder(file)) === process.pid) await rm(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
