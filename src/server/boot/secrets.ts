// Secrets that embedded mode generates once and keeps in DATA_DIR, so restarts keep sessions valid.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function readOrCreateSecret(dataDir: string, name: string, prefix = ''): Promise<string> {
  const file = join(dataDir, `${name}.secret`);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  // Written whole under a name of this process's own, then linked into place: two processes starting
  // on one data directory at once agree on one secret, and neither reads the file half written.
  const secret = `${prefix}${randomBytes(32).toString('hex')}`;
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return (await readFile(file, 'utf8')).trim();
}
