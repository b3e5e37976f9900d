// `npm run backup -- <folder>`: copies the shop's data into a new folder: the database first
// (pg_dump's custom format on Postgres, one consistent snapshot while the shop runs; on the embedded
// PGlite, a copy of its data directory while the server is stopped), then the uploaded images (so
// every image an order or part of the dump names is in it: uploads are never deleted), and last
// manifest.json with the time, the migration level and each file's checksum. It reads only where the
// data lives (DATABASE_URL, DATA_DIR, IMAGES_DIR); `npm run restore` puts a backup back.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BackupError } from './backup/backup-error';
import { readCommandLine } from './backup/command-line';
import { copyUploadsOut, type CopiedUploads } from './backup/images-copy';
import { DATABASE_FILES, describeFile, IMAGES_FOLDER, writeManifest } from './backup/manifest';
import { describeLevel, type MigrationLevel } from './backup/migration-level';
import { dumpPglite } from './backup/pglite-copy';
import { dumpPostgres } from './backup/postgres-copy';
import { databaseBootFailure } from './boot/boot-failure';
import { lockEmbeddedDatabase } from './boot/pglite-lock';
import { ConfigError, loadStorageConfig, type StorageConfig } from './config';

async function main(): Promise<void> {
  const { dir } = readCommandLine('Usage: npm run backup -- <folder that does not exist yet, or is empty>');
  const storage = loadStorageConfig(process.env);
  await refuseUsedFolder(dir);
  const { level, images } = await writeBackup(storage, dir).catch(async (error: unknown) => {
    // The folder was empty: what is in it now belongs to this unfinished backup, and would mislead.
    for (const entry of await readdir(dir)) await rm(join(dir, entry), { recursive: true, force: true });
    throw error;
  });
  const database =
    storage.database.kind === 'postgres' ? `the Postgres database at ${new URL(storage.database.url).host}` : 'the embedded database';
  console.log(
    `backup: ${database} (${describeLevel(level)}) and ${images.copied.length} images from ${storage.imagesDir} are in ${dir}, described by its manifest.json.`,
  );
  if (images.damaged.length > 0) {
    console.warn(
      `backup: left out ${images.damaged.length} damaged images, whose bytes no longer match their names: ${images.damaged.join(', ')}`,
    );
  }
}

/** The database, then the images, then the manifest naming them, written last. */
async function writeBackup(storage: StorageConfig, dir: string): Promise<{ level: MigrationLevel; images: CopiedUploads }> {
  const createdAt = new Date().toISOString();
  const databaseFile = join(dir, DATABASE_FILES[storage.database.kind]);
  const level = await dumpDatabase(storage.database, databaseFile);
  const images = await copyUploadsOut(storage.imagesDir, join(dir, IMAGES_FOLDER));
  await writeManifest(dir, {
    format: 1,
    createdAt,
    database: { kind: storage.database.kind, ...(await describeFile(databaseFile)) },
    migrations: level,
    images: images.copied,
  });
  return { level, images };
}

async function dumpDatabase(database: StorageConfig['database'], file: string): Promise<MigrationLevel> {
  if (database.kind === 'postgres') {
    return dumpPostgres(database.url, file).catch((error: unknown) => {
      throw databaseBootFailure(error, database.url);
    });
  }
  const unlock = await lockEmbeddedDatabase(
    database.dir,
    'stop it before backing up (or use Postgres, which is backed up while it runs).',
  );
  try {
    return await dumpPglite(database.dir, file);
  } finally {
    await unlock();
  }
}

/** A backup goes into a folder of its own: never over another backup, never among other files. */
async function refuseUsedFolder(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new BackupError(`${dir} is not empty: give a new folder for each backup.`);
  await mkdir(dir, { recursive: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
});
