// Uploading a part's image over HTTP and fetching it back: admins only, the real type by the
// first bytes, a size bound, no name from the request ever reaching the disk, and no half-written
// file ever served when the disk fills up.
import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { auditEvents } from '../db/schema';
import { diskThatFills, TINY_PNG } from '../testing/test-images';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
const disk = diskThatFills();

beforeAll(async () => {
  shop = await createTestShop({ writeNewFile: disk.writeNewFile });
  admin = await shop.createUser('admin');
  customer = await shop.createUser('user');
});
afterAll(() => shop.close());

const PNG = TINY_PNG;
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(18)]);

type ErrorAnswer = { error: { code: string; message: string } };

function upload(body: Buffer, contentType: string, headers: Record<string, string> = admin.headers) {
  return shop.app.inject({ method: 'POST', url: '/images', payload: body, headers: { ...headers, 'content-type': contentType } });
}

async function uploadedFiles(): Promise<string[]> {
  return readdir(shop.images.uploadsDir).catch(() => []);
}

describe('POST /images', () => {
  it('keeps an admin’s PNG under its hash, serves it with its type, and audits the upload', async () => {
    const response = await upload(PNG, 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    const { img } = response.json<{ img: string }>();
    expect(img).toMatch(/^\/images\/uploads\/[0-9a-f]{64}\.png$/);

    const served = await shop.app.inject({ method: 'GET', url: img });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const audits = await shop.database.db
      .select({ actorEmail: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.subject, img));
    expect(audits).toEqual([{ actorEmail: admin.user.email }]);

    // The uploaded path is then a valid image for a part.
    const part = await shop.caller(admin.user).tools.create({
      name: 'Uploaded picture part',
      price: 3,
      img,
      description: 'Shown with an uploaded image.',
      minimumOrderQuantity: 1,
      available: 1,
    });
    expect(part.img).toBe(img);
  });

  it('names a WebP by what its bytes are, whatever type the request claims', async () => {
    const response = await upload(WEBP, 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ img: string }>().img).toMatch(/\.webp$/);
  });

  it('refuses bytes that are not an image, even sent as one, and keeps nothing', async () => {
    const before = await uploadedFiles();
    for (const body of [Buffer.from('<svg onload="alert(1)"></svg>'), Buffer.from('GIF89a......'), Buffer.from('<html>')]) {
      const response = await upload(body, 'image/png');
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>().error.message).toBe(messages.imageTypeInvalid);
    }
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a body type other than PNG, JPEG or WebP', async () => {
    for (const type of ['image/svg+xml', 'text/html', 'multipart/form-data; boundary=x']) {
      const response = await upload(PNG, type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json<ErrorAnswer>().error.message).toBe(messages.imageTypeInvalid);
    }
  });

  it('refuses an image over 2 MiB', async () => {
    const before = await uploadedFiles();
    const response = await upload(Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]), 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorAnswer>().error.message).toBe(messages.imageTooLarge);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a customer and a visitor, and keeps nothing', async () => {
    const before = await uploadedFiles();
    expect((await upload(PNG, 'image/png', customer.headers)).statusCode).toBe(403);
    expect((await upload(PNG, 'image/png', {})).statusCode).toBe(401);
    expect(await uploadedFiles()).toEqual(before);
  });
});

describe('on a disk that fills up mid-write', () => {
  it('answers 503 with a sentence and keeps nothing, not even half a file, then keeps the image whole once there is room', async () => {
    const image = Buffer.concat([PNG, randomBytes(4096)]);
    const servedPath = `/images/uploads/${createHash('sha256').update(image).digest('hex')}.png`;
    const before = await uploadedFiles();

    disk.setFull(true);
    try {
      const response = await upload(image, 'image/png');
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json<ErrorAnswer>().error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: messages.imageNotStored });
    } finally {
      disk.setFull(false);
    }
    expect(await uploadedFiles()).toEqual(before);
    expect((await shop.app.inject({ method: 'GET', url: servedPath })).statusCode).toBe(404);

    const retried = await upload(image, 'image/png');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json<{ img: string }>().img).toBe(servedPath);
    expect((await shop.app.inject({ method: 'GET', url: servedPath })).rawPayload.equals(image)).toBe(true);
  });
});

describe('GET /images/uploads/:file', () => {
  it('answers 404 for anything but an uploaded file’s own name, so no path climbs out', async () => {
    for (const url of [
      '/images/uploads/..%2F..%2Fpackage.json',
      '/images/uploads/%2e%2e%2fpackage.json',
      '/images/uploads/' + '0'.repeat(64) + '.png',
      '/images/uploads/' + '0'.repeat(64) + '.svg',
      '/images/uploads/..',
    ]) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
