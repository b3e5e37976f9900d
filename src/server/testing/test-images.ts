// The shop's images for a test: the shipped ones from the source tree, uploads in a fresh folder.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../project-root';
import { createShopImages, writeToDisk, type ShopImages, type WriteNewFile } from '../domains/catalogue/images';

export interface TestImages {
  images: ShopImages;
  uploadsDir: string;
  remove: () => Promise<void>;
}

/** `writeNewFile`: how uploads reach the disk, when not as in production (a disk that fills up). */
export async function createTestImages(writeNewFile?: WriteNewFile): Promise<TestImages> {
  const uploadsDir = await mkdtemp(join(tmpdir(), 'sprocket-images-'));
  return {
    images: createShopImages({ shippedDir: projectPath('src/client/public/images'), uploadsDir, writeNewFile }),
    uploadsDir,
    remove: () => rm(uploadsDir, { recursive: true, force: true }),
  };
}

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface DiskThatFills {
  writeNewFile: WriteNewFile;
  /** While full, every write stops halfway with ENOSPC, as on a disk with no room left. */
  setFull: (full: boolean) => void;
}

/** Writes as production does; while full, each write leaves half its bytes behind and fails. */
export function diskThatFills(): DiskThatFills {
  let full = false;
  return {
    setFull: (value) => (full = value),
    writeNewFile: async (path, bytes) => {
      if (!full) return writeToDisk(path, bytes);
      await writeFile(path, bytes.subarray(0, bytes.length >> 1), { flag: 'wx' });
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    },
  };
}
