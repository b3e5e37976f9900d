// PGlite is one process's database: a second process writing its files would corrupt them. Every
// program that opens the embedded database (the server, `npm run migrate`, backup and restore)
// takes this lock on DATA_DIR first, and one that finds it taken stops, naming the process holding it.
import { join } from 'node:path';
import { ConfigError } from '../config';
import { lockHolder, tryToLock, unlock } from './pid-lock';

/** Takes the lock (or stops with `whatToDo` after naming the holder); answers how to release it. */
export async function lockEmbeddedDatabase(dataDir: string, whatToDo: string): Promise<() => Promise<void>> {
  const lock = join(dataDir, 'pglite.lock');
  if (!(await tryToLock(lock))) {
    throw new ConfigError(
      `DATA_DIR: the embedded database in ${join(dataDir, 'pglite')} is open in process ${await lockHolder(lock)}; ${whatToDo}`,
    );
  }
  return () => unlock(lock);
}
