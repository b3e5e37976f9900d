// A backup's manifest.json: when it was made, which database and at which migration level, and the
// size and SHA-256 of every file, so that a restore checks it has all of the backup, unaltered,
// before it changes anything. It is written last: a folder without one is an unfinished backup.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { isUploadedFileName } from '../domains/catalogue/images';
import { BackupError } from './backup-error';

const MANIFEST_FILE = 'manifest.json';
/** Where the uploaded images are, inside a backup. */
export const IMAGES_FOLDER = 'images';

/** The database's file in a backup, by the kind of database it was made from. */
export const DATABASE_FILES = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;

const fileFacts = z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type FileFacts = z.infer<typeof fileFacts>;

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  database: fileFacts.extend({ kind: z.enum(['postgres', 'pglite']) }),
  /** How many migrations the database had, and the last one's name (null when this code does not know it). */
  migrations: z.object({ applied: z.number().int().nonnegative(), last: z.string().nullable() }),
  /** Only names an upload can have: a restore writes them into the images folder. */
  images: z.array(
    fileFacts
      .extend({ name: z.string().refine(isUploadedFileName, 'is not an uploaded image’s name') })
      .refine((image) => image.name.startsWith(`${image.sha256}.`), 'is not named by the hash of its bytes'),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function describeFile(path: string): Promise<FileFacts> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return { bytes: (await stat(path)).size, sha256: hash.digest('hex') };
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = join(dir, MANIFEST_FILE);
  const text = await readFile(file, 'utf8').catch(() => {
    throw new BackupError(`${file} is missing: ${dir} is not a finished backup (a backup writes its manifest last).`);
  });
  const parsed = manifestSchema.safeParse(parseJson(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      `${file} is not a backup manifest this version can read (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}).`,
    );
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Checks every file against the manifest, so a restore starts only from a whole, unaltered backup. */
export async function verifyBackupFiles(dir: string, manifest: Manifest): Promise<void> {
  const expected: Array<[string, FileFacts]> = [
    [DATABASE_FILES[manifest.database.kind], manifest.database],
    ...manifest.images.map((image): [string, FileFacts] => [join(IMAGES_FOLDER, image.name), image]),
  ];
  for (const [name, facts] of expected) {
    const found = await describeFile(join(dir, name)).catch(() => null);
    if (!found) throw new BackupError(`The backup in ${dir} is missing ${name}; nothing was restored.`);
    if (found.sha256 !== facts.sha256 || found.bytes !== facts.bytes) {
      throw new BackupError(`${join(dir, name)} is not the file the backup made (its checksum differs); nothing was restored.`);
    }
  }
}
