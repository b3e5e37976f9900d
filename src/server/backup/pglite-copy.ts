// The embedded database in a backup: PGlite's own copy of its data directory (dumpDataDir, a
// gzipped tar), made and loaded only while no server has it open (the caller holds DATA_DIR's lock).
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BackupError } from './backup-error';
import { migrationLevel, type MigrationLevel } from './migration-level';

const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

async function entriesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

function levelOf(client: PGlite): Promise<MigrationLevel> {
  return migrationLevel(async (query) => (await client.query<Record<string, unknown>>(query)).rows);
}

export async function dumpPglite(dataDir: string, file: string): Promise<MigrationLevel> {
  const dir = pgliteDir(dataDir);
  if ((await entriesIn(dir)).length === 0) throw new BackupError(`There is no embedded database in ${dir} to back up.`);
  const client = new PGlite({ dataDir: dir });
  try {
    const level = await levelOf(client);
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { flag: 'wx' });
    return level;
  } finally {
    await client.close();
  }
}

/** Why DATA_DIR cannot take a restore as it is (it has a database), or null when it has none. */
export async function pgliteInUse(dataDir: string): Promise<string | null> {
  const dir = pgliteDir(dataDir);
  return (await entriesIn(dir)).length > 0 ? `there is already an embedded database in ${dir}` : null;
}

/**
 * Loads the copy into DATA_DIR; with `replace`, the database there is moved aside, never deleted.
 * A load that fails leaves DATA_DIR as it was.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  { replace }: { replace: boolean },
): Promise<{ level: MigrationLevel; setAside: string | null }> {
  const dir = pgliteDir(dataDir);
  let setAside: string | null = null;
  if (replace && (await pgliteInUse(dataDir))) {
    setAside = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dir, setAside);
  }
  try {
    const client = new PGlite({ dataDir: dir, loadDataDir: new Blob([await readFile(file)]) });
    try {
      return { level: await levelOf(client), setAside };
    } finally {
      await client.close();
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (setAside) await rename(setAside, dir);
    throw error;
  }
}
