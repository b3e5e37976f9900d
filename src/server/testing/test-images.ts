// The shop's images for a test: the shipped ones from the source tree, uploads in a fresh folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../project-root';
import { createShopImages, type ShopImages } from '../services/shop-images';

export interface TestImages {
  images: ShopImages;
  uploadsDir: string;
  remove: () => Promise<void>;
}

export async function createTestImages(): Promise<TestImages> {
  const uploadsDir = await mkdtemp(join(tmpdir(), 'sprocket-images-'));
  return {
    images: createShopImages({ shippedDir: projectPath('src/client/public/images'), uploadsDir }),
    uploadsDir,
    remove: () => rm(uploadsDir, { recursive: true, force: true }),
  };
}

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
