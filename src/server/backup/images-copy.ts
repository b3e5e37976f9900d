// The uploaded images in a backup: copied out of IMAGES_DIR into the backup's images/ folder, and
// back in on restore. Only uploads are copied (their names are their hashes); a write still under
// way (a .partial file) is not an image yet. Each file arrives under its name only once whole.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isUploadedFileName } from '../domains/catalogue/images';
import { BackupError } from './backup-error';
import { describeFile, type FileFacts } from './manifest';

/** The uploads in `imagesDir`, by name; none when the folder does not exist yet. */
export async function uploadsIn(imagesDir: string): Promise<string[]> {
  const names = await readdir(imagesDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new BackupError(`IMAGES_DIR: ${imagesDir} is a file, not a folder.`);
    throw error;
  });
  return names.filter(isUploadedFileName).sort();
}

export interface CopiedUploads {
  copied: Array<FileFacts & { name: string }>;
  /** Uploads whose bytes no longer hash to their name: damaged on disk, left out of the backup. */
  damaged: string[];
}

/** Copies every upload into `backupImagesDir`, with each one's facts for the manifest. */
export async function copyUploadsOut(imagesDir: string, backupImagesDir: string): Promise<CopiedUploads> {
  await mkdir(backupImagesDir, { recursive: true });
  const result: CopiedUploads = { copied: [], damaged: [] };
  for (const name of await uploadsIn(imagesDir)) {
    const copy = join(backupImagesDir, name);
    await copyFile(join(imagesDir, name), copy);
    const facts = await describeFile(copy);
    if (name.startsWith(`${facts.sha256}.`)) {
      result.copied.push({ name, ...facts });
    } else {
      await rm(copy);
      result.damaged.push(name);
    }
  }
  return result;
}

/** Copies the named uploads into `imagesDir`, each written aside and renamed into place. */
export async function copyUploadsIn(backupImagesDir: string, names: readonly string[], imagesDir: string): Promise<void> {
  await mkdir(imagesDir, { recursive: true });
  for (const name of names) {
    const aside = join(imagesDir, `.${name}.${randomUUID()}.partial`);
    try {
      await copyFile(join(backupImagesDir, name), aside);
      await rename(aside, join(imagesDir, name));
    } finally {
      await rm(aside, { force: true });
    }
  }
}
