// The shop's images: the ones shipped with the browser app, and the ones admins upload. Uploaded
// files are named by the hash of their bytes, so no name a person chose ever reaches the disk,
// and a part's image path can only name a file that is really there. An upload is written aside
// and renamed into place once all of it is on disk, so the hashed name (served with a year's
// cache) never names half an image, even when the disk fills up or the process dies mid-write.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { TRPCError } from '@trpc/server';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { SHOP_IMAGE_PATH } from '../../../shared/tools';

/** Where uploaded images are served from: the path a part's `img` names. */
export const UPLOADED_IMAGES_PREFIX = '/images/uploads/';

const imageTypes = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
type ImageExtension = keyof typeof imageTypes;

/** An uploaded image's file name: the SHA-256 of its bytes and the extension of its real type. */
const UPLOADED_FILE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp)$/;

/** Whether a file of the images folder is an upload (not a write still under way, nor anything else). */
export function isUploadedFileName(name: string): boolean {
  return UPLOADED_FILE_NAME.test(name);
}

export interface ShopImages {
  /** Whether an /images/… path names a shipped or uploaded image file. */
  exists: (path: string) => Promise<boolean>;
  /** Keeps an upload whose bytes are a PNG, JPEG or WebP image; answers the path to name it by. */
  save: (bytes: Buffer) => Promise<{ path: string } | { refused: 'type' | 'size' }>;
  /** An uploaded image by its file name, with its content type; null when there is none. */
  readUploaded: (fileName: string) => Promise<{ bytes: Buffer; contentType: string } | null>;
}

/** The image type the bytes really are, by their first bytes, whatever the sender called them. */
function imageTypeOf(bytes: Buffer): ImageExtension | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Creates `path`, which must not exist, with `bytes`, and returns once they are on the disk. */
export type WriteNewFile = (path: string, bytes: Buffer) => Promise<void>;

export async function writeToDisk(path: string, bytes: Buffer): Promise<void> {
  const file = await open(path, 'wx');
  try {
    await file.writeFile(bytes);
    // On the disk before the rename: after a power cut the name must not point at an empty file.
    await file.sync();
  } finally {
    await file.close();
  }
}

interface ShopImagesOptions {
  /** The browser app's /images/ folder. */
  shippedDir: string;
  /** Where uploads are kept (IMAGES_DIR). */
  uploadsDir: string;
  /** How an upload's bytes reach the disk; tests make it fail as a full disk does. */
  writeNewFile?: WriteNewFile;
}

export function createShopImages({ shippedDir, uploadsDir, writeNewFile = writeToDisk }: ShopImagesOptions): ShopImages {
  const shippedRoot = resolve(shippedDir);
  return {
    async exists(path) {
      if (!SHOP_IMAGE_PATH.test(path)) return false;
      if (path.startsWith(UPLOADED_IMAGES_PREFIX)) {
        const name = path.slice(UPLOADED_IMAGES_PREFIX.length);
        return isUploadedFileName(name) && isFile(join(uploadsDir, name));
      }
      const file = resolve(shippedRoot, path.slice('/images/'.length));
      return file.startsWith(shippedRoot + sep) && isFile(file);
    },

    async save(bytes) {
      if (bytes.length > MAX_IMAGE_BYTES) return { refused: 'size' };
      const type = imageTypeOf(bytes);
      if (!type) return { refused: 'type' };
      const name = `${createHash('sha256').update(bytes).digest('hex')}.${type}`;
      // Beside the final name, so the rename stays within one file system and is atomic. The same
      // bytes make the same name, so uploading an image twice keeps one file.
      const aside = join(uploadsDir, `.${name}.${randomUUID()}.partial`);
      try {
        await mkdir(uploadsDir, { recursive: true });
        await writeNewFile(aside, bytes);
        await rename(aside, join(uploadsDir, name));
      } catch (error) {
        await rm(aside, { force: true });
        throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.imageNotStored, cause: error });
      }
      return { path: `${UPLOADED_IMAGES_PREFIX}${name}` };
    },

    async readUploaded(fileName) {
      const match = UPLOADED_FILE_NAME.exec(fileName);
      if (!match) return null;
      const bytes = await readFile(join(uploadsDir, fileName)).catch(() => null);
      return bytes && { bytes, contentType: imageTypes[match[1] as ImageExtension] };
    },
  };
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (found) => found.isFile(),
    () => false,
  );
}

/** A part's image is a web address or an image the shop has: a path to nothing is refused. */
export async function refuseMissingImage(images: ShopImages, img: string): Promise<void> {
  if (img.startsWith('/') && !(await images.exists(img))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: messages.productImageMissing });
  }
}
