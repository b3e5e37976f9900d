// The shop's images on disk: an upload is kept only when its bytes are a PNG, JPEG or WebP image
// within the size limit, named by its hash and its real type; a path names an image only when the
// file is really there, inside the shop's folders.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import { createTestImages, TINY_PNG, type TestImages } from '../../testing/test-images';

let test: TestImages;

beforeAll(async () => {
  test = await createTestImages();
});
afterAll(() => test.remove());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(12)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('saving an upload', () => {
  it.each([
    ['a PNG', TINY_PNG, 'png', 'image/png'],
    ['a JPEG', JPEG, 'jpg', 'image/jpeg'],
    ['a WebP image', WEBP, 'webp', 'image/webp'],
  ])('keeps %s under the hash of its bytes and its real type, readable back', async (_what, bytes, extension, contentType) => {
    const saved = await test.images.save(bytes);
    const name = `${sha256(bytes)}.${extension}`;
    expect(saved).toEqual({ path: `/images/uploads/${name}` });
    expect(await test.images.save(bytes)).toEqual(saved);
    expect(await test.images.readUploaded(name)).toEqual({ bytes, contentType });
    expect(await test.images.exists(`/images/uploads/${name}`)).toBe(true);
  });

  it.each([
    ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF file that is not WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(8)])],
    ['WebP’s tag without RIFF', Buffer.concat([Buffer.from('RIFX'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(8)])],
    ['a JPEG cut short', Buffer.from([0xff, 0xd8])],
  ])('refuses %s as not an image', async (_what, bytes) => {
    expect(await test.images.save(bytes)).toEqual({ refused: 'type' });
  });

  it('keeps an image of exactly the size limit and refuses one byte more', async () => {
    const atLimit = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_IMAGE_BYTES - TINY_PNG.length)]);
    expect(await test.images.save(atLimit)).toEqual({ path: `/images/uploads/${sha256(atLimit)}.png` });
    expect(await test.images.save(Buffer.concat([atLimit, Buffer.alloc(1)]))).toEqual({ refused: 'size' });
  });
});

describe('which paths name an image', () => {
  it('names a shipped image file, but not a folder or a missing file', async () => {
    expect(await test.images.exists('/images/logo.svg')).toBe(true);
    expect(await test.images.exists('/images/parts')).toBe(false);
    expect(await test.images.exists('/images/missing.png')).toBe(false);
  });

  it('names nothing outside the shop’s image folders', async () => {
    expect(await test.images.exists('/images/../package.json')).toBe(false);
    expect(await test.images.exists('/etc/passwd')).toBe(false);
    expect(await test.images.exists('images/logo.svg')).toBe(false);
    // Paths that would reach a real file if the path rule were not checked first.
    expect(await test.images.exists('/images/parts/../logo.svg')).toBe(false);
    expect(await test.images.exists('/photos/logo.svg')).toBe(false);
  });

  it('names only uploads by their hash, and reads nothing else', async () => {
    const missing = `${'0'.repeat(64)}.png`;
    expect(await test.images.exists(`/images/uploads/${missing}`)).toBe(false);
    expect(await test.images.readUploaded(missing)).toBeNull();
    expect(await test.images.readUploaded('../../package.json')).toBeNull();
    await writeFile(join(test.uploadsDir, 'notes.txt'), 'not an upload');
    expect(await test.images.readUploaded('notes.txt')).toBeNull();
    expect(await test.images.exists('/images/uploads/photo.png')).toBe(false);
  });
});
