// `npm run restore -- <folder> [--replace]`: puts a backup made by `npm run backup` back into the
// configured database (DATABASE_URL, or the embedded PGlite under DATA_DIR, with the server stopped)
// and images folder (IMAGES_DIR). It first checks every file against the manifest's checksums, and
// refuses a database or images folder that already holds data unless told to replace it; then says
// in one sentence what it restored. Run `npm run migrate` afterwards when this version has newer
// migrations than the backup.
import { join } from 'node:path';
import { BackupError } from './backup/backup-error';
import { readCommandLine } from './backup/command-line';
import { copyUploadsIn, uploadsIn } from './backup/images-copy';
import { DATABASE_FILES, IMAGES_FOLDER, readManifest, verifyBackupFiles, type Manifest } from './backup/manifest';
import { describeLevel, type MigrationLevel } from './backup/migration-level';
import { pgliteInUse, restorePglite } from './backup/pglite-copy';
import { postgresInUse, restorePostgres } from './backup/postgres-copy';
import { databaseBootFailure } from './boot/boot-failure';
import { lockEmbeddedDatabase } from './boot/pglite-lock';
import { ConfigError, loadStorageConfig, type StorageConfig } from './config';

async function main(): Promise<void> {
  const { dir, flags } = readCommandLine('Usage: npm run restore -- <backup folder> [--replace]', ['replace']);
  const replace = flags.has('replace');
  const storage = loadStorageConfig(process.env);
  const manifest = await readManifest(dir);
  if (manifest.database.kind !== storage.database.kind) {
    throw new BackupError(
      `This backup holds ${manifest.database.kind === 'postgres' ? 'a Postgres' : 'an embedded (PGlite)'} database; ` +
        `restore it with ${manifest.database.kind === 'postgres' ? 'DATABASE_URL set to a Postgres database' : 'DATA_DIR and no DATABASE_URL'}.`,
    );
  }
  await verifyBackupFiles(dir, manifest);

  const unlock =
    storage.database.kind === 'pglite' ? await lockEmbeddedDatabase(storage.database.dir, 'stop it before restoring into it.') : null;
  try {
    const inUse = [await databaseInUse(storage.database), await imagesInUse(storage.imagesDir)].filter((reason) => reason !== null);
    if (inUse.length > 0 && !replace) {
      throw new BackupError(
        `Nothing was restored: ${inUse.join(', and ')}. Restore into an empty database and images folder, or add --replace to put the backup in their place.`,
      );
    }
    const restored = await restoreDatabase(storage.database, join(dir, DATABASE_FILES[manifest.database.kind]), replace);
    await copyUploadsIn(
      join(dir, IMAGES_FOLDER),
      manifest.images.map((image) => image.name),
      storage.imagesDir,
    );
    console.log(`restore: ${restoredSentence(storage, manifest, restored)}`);
  } finally {
    await unlock?.();
  }
}

/** The first time the command reaches the database: an unreachable one is named in one sentence. */
function databaseInUse(database: StorageConfig['database']): Promise<string | null> {
  if (database.kind === 'pglite') return pgliteInUse(database.dir);
  return postgresInUse(database.url).catch((error: unknown) => {
    throw databaseBootFailure(error, database.url);
  });
}

async function imagesInUse(imagesDir: string): Promise<string | null> {
  const count = (await uploadsIn(imagesDir)).length;
  return count > 0 ? `${imagesDir} already holds ${count} images` : null;
}

async function restoreDatabase(
  database: StorageConfig['database'],
  file: string,
  replace: boolean,
): Promise<{ level: MigrationLevel; setAside: string | null }> {
  if (database.kind === 'postgres') return { level: await restorePostgres(database.url, file, { replace }), setAside: null };
  return restorePglite(database.dir, file, { replace });
}

function restoredSentence(
  storage: StorageConfig,
  manifest: Manifest,
  restored: { level: MigrationLevel; setAside: string | null },
): string {
  const database =
    storage.database.kind === 'postgres'
      ? `the Postgres database at ${new URL(storage.database.url).host}`
      : `the embedded database in ${storage.database.dir}`;
  const setAside = restored.setAside ? ` (the one it replaced is kept in ${restored.setAside})` : '';
  return (
    `restored the backup of ${manifest.createdAt}: ${database} (${describeLevel(restored.level)})${setAside} ` +
    `and ${manifest.images.length} images into ${storage.imagesDir}.`
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
});
