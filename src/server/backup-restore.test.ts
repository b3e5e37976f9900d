// The restore drill: a shop with orders and an uploaded image is backed up by `npm run backup`,
// restored by `npm run restore` into a fresh database and images folder, and a server started on
// them serves the same orders and the same image bytes. A restore refuses data already there unless
// told to replace it, and a backup whose files differ from its manifest; a backup refuses a used
// folder. On the embedded PGlite, and on Postgres when TEST_DATABASE_URL is set (and pg_dump is here).
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersInputSchema } from '../shared/admin-lists';
import { createSessionTokens } from './auth/session-tokens';
import type { SessionUser } from './auth/session-user';
import { openPglite, openPostgres, type DatabaseHandle } from './db/database';
import { sql } from 'drizzle-orm';
import { tools, users } from './db/schema';
import { projectPath } from './project-root';
import { listOrders } from './domains/orders/order-list';
import { createBooking } from './domains/orders/booking';
import { startSession } from './domains/accounts/sessions';
import { createShopImages } from './domains/catalogue/images';
import { builtCommand } from './testing/built-commands';
import { startServerProcess } from './testing/server-process';
import { createEmptyPostgresDatabase, itOnce, usingPostgres } from './testing/test-database';
import { TINY_PNG } from './testing/test-images';
import { TEST_SESSION_SECRET } from './testing/test-keys';
import { UNLIMITED_HOLDS } from './testing/test-shop';

const run = promisify(execFile);
/** Each command loads TypeScript and a database on busy shared cores. */
const COMMAND_TIMEOUT_MS = 120_000;
const DRILL_TIMEOUT_MS = 300_000;
const COMMITTED_MIGRATIONS = (
  JSON.parse(await readFile(projectPath('migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** On Postgres the commands run Debian's postgresql-client programs. */
const POSTGRES_CLIENT_INSTALLED = ['pg_dump', 'pg_restore', 'psql'].every((program) => spawnSync(program, ['--version']).status === 0);

/** Runs the build's backup or restore command, as `npm run backup` or `npm run restore` in a deploy does. */
async function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(process.execPath, builtCommand(name, ...args), {
    cwd: projectPath(),
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: COMMAND_TIMEOUT_MS,
  }).then(
    ({ stdout }) => ({ ok: true, stdout, stderr: '' }),
    (error: { stdout: string; stderr: string }) => ({ ok: false, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** Where a shop keeps its data: the variables naming it, and a way to open its database. */
interface Site {
  env: Record<string, string>;
  imagesDir: string;
  open: () => Promise<DatabaseHandle>;
  remove: () => Promise<void>;
}

async function newSite(kind: 'pglite' | 'postgres'): Promise<Site> {
  const dir = await mkdtemp(join(tmpdir(), 'sprocket-drill-'));
  const imagesDir = join(dir, 'images');
  const removeDir = () => rm(dir, { recursive: true, force: true });
  if (kind === 'pglite') return { env: { DATA_DIR: dir }, imagesDir, open: () => openPglite(join(dir, 'pglite')), remove: removeDir };
  const database = await createEmptyPostgresDatabase();
  return {
    env: { DATABASE_URL: database.url, IMAGES_DIR: imagesDir },
    imagesDir,
    open: () => openPostgres(database.url, { maxConnections: 2 }),
    remove: async () => {
      await database.drop();
      await removeDir();
    },
  };
}

interface FilledShop {
  /** A session token of the shop's admin, signed with the key test servers use. */
  adminToken: string;
  /** The orders as GET /bookingss answers them to the admin. */
  orders: unknown;
  imagePath: string;
  imageBytes: Buffer;
}

/** An admin, a customer with three orders of an uploaded-image part, and the admin's session. */
async function fillShop(site: Site): Promise<FilledShop> {
  const handle = await site.open();
  try {
    const { db } = handle;
    const [admin, customer] = await db
      .insert(users)
      .values([
        { email: 'owner@example.com', role: 'admin', displayName: 'Owner', emailVerified: true },
        { email: 'rider@example.com', role: 'user', displayName: 'Rider', emailVerified: true },
      ])
      .returning();
    if (!admin || !customer) throw new Error('could not make the accounts');
    const imageBytes = Buffer.concat([TINY_PNG, randomBytes(256)]);
    const saved = await createShopImages({ shippedDir: projectPath('src/client/public/images'), uploadsDir: site.imagesDir }).save(
      imageBytes,
    );
    if (!('path' in saved)) throw new Error('could not keep the image');
    const [part] = await db
      .insert(tools)
      .values({
        name: 'Chainring',
        img: saved.path,
        priceCents: 25_00,
        minimumOrderQuantity: 1,
        available: 50,
        description: 'A chainring.',
      })
      .returning();
    if (!part) throw new Error('could not make the part');
    const rider: SessionUser = { ...customer, role: 'user' };
    for (const amount of [1, 2, 3]) {
      await createBooking(db, rider, { toolsId: part.id, amount, phone: '555 0100', address: '1 Chainring Road' }, UNLIMITED_HOLDS);
    }
    const adminToken = await startSession(db, createSessionTokens(TEST_SESSION_SECRET), admin.id);
    const page = await listOrders(db, adminOrdersInputSchema.parse({}));
    return { adminToken, orders: JSON.parse(JSON.stringify(page.items)) as unknown, imagePath: saved.path, imageBytes };
  } finally {
    await handle.close();
  }
}

describe.each([
  // The embedded drill is the PGlite pass's; the Postgres pass runs the Postgres one.
  { kind: 'pglite' as const, skip: usingPostgres() },
  { kind: 'postgres' as const, skip: !usingPostgres() || !POSTGRES_CLIENT_INSTALLED },
])('on $kind', ({ kind, skip }) => {
  const sites: Site[] = [];
  let source: Site;
  let shop: FilledShop;
  let backupDir: string;

  async function site(): Promise<Site> {
    const made = await newSite(kind);
    sites.push(made);
    return made;
  }

  beforeAll(async () => {
    if (skip) return;
    source = await site();
    shop = await fillShop(source);
    backupDir = join(source.imagesDir, '..', 'backup');
    const backedUp = await command('backup', [backupDir], source.env);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.stdout).toContain(`(${COMMITTED_MIGRATIONS} migrations, the last `);
    expect(backedUp.stdout).toContain(`and 1 images from ${source.imagesDir} are in ${backupDir}`);
  }, DRILL_TIMEOUT_MS);
  afterAll(async () => {
    for (const made of sites) await made.remove();
  });

  it.skipIf(skip)(
    'restores into a fresh database and images folder, where a server serves the same orders and image bytes',
    async () => {
      const target = await site();
      const restored = await command('restore', [backupDir], target.env);
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toMatch(
        new RegExp(
          `^restore: restored the backup of \\S+: the .+ \\(${COMMITTED_MIGRATIONS} migrations, the last \\w+\\) and 1 images into `,
        ),
      );

      const server = await startServerProcess({ ...target.env, STRIPE_API_BASE: 'http://127.0.0.1:9' });
      try {
        const orders = await fetch(`${server.url}/bookingss`, { headers: { authorization: `Bearer ${shop.adminToken}` } });
        expect(orders.status).toBe(200);
        expect(await orders.json()).toEqual(shop.orders);
        expect(shop.orders).toHaveLength(3);
        const image = await fetch(`${server.url}${shop.imagePath}`);
        expect(image.status).toBe(200);
        expect(Buffer.from(await image.arrayBuffer()).equals(shop.imageBytes)).toBe(true);
      } finally {
        await server.stop();
      }
    },
    DRILL_TIMEOUT_MS,
  );

  it.skipIf(skip)(
    'refuses to restore over a shop’s data unless told to replace it',
    async () => {
      const target = await site();
      const firstTime = await command('restore', [backupDir], target.env);
      expect(firstTime.ok).toBe(true);
      expect(await orderQuantitiesOf(target)).toEqual([1, 2, 3]);
      // An order changed after the restore, which a refused restore must leave alone.
      const handle = await target.open();
      await handle.db.execute(sql`update bookings set quantity = 7 where quantity = 1`);
      await handle.close();

      const refused = await command('restore', [backupDir], target.env);
      expect(refused.ok).toBe(false);
      expect(refused.stderr).toMatch(/^Nothing was restored: .+ and .+ already holds 1 images\. .+ add --replace /);
      expect(await orderQuantitiesOf(target)).toContain(7);

      const replaced = await command('restore', [backupDir, '--replace'], target.env);
      expect(replaced.ok, replaced.stderr).toBe(true);
      expect(await orderQuantitiesOf(target)).toEqual([1, 2, 3]);
    },
    DRILL_TIMEOUT_MS,
  );

  it.skipIf(skip)(
    'refuses a backup whose files differ from its manifest, restoring nothing',
    async () => {
      const altered = join(backupDir, '..', 'altered-backup');
      await cp(backupDir, altered, { recursive: true });
      const imageFile = join(altered, 'images', shop.imagePath.split('/').pop() ?? '');
      const bytes = await readFile(imageFile);
      await writeFile(imageFile, Buffer.concat([bytes.subarray(0, -1), Buffer.from([~(bytes.at(-1) ?? 0) & 0xff])]));

      const target = await site();
      const refused = await command('restore', [altered], target.env);
      expect(refused.ok).toBe(false);
      expect(refused.stderr).toContain(`${imageFile} is not the file the backup made (its checksum differs); nothing was restored.`);
      const handle = await target.open();
      // Opening it migrated an empty database: no order came from the backup.
      expect(await listOrders(handle.db, adminOrdersInputSchema.parse({}))).toMatchObject({ items: [] });
      await handle.close();
    },
    DRILL_TIMEOUT_MS,
  );

  it.skipIf(skip)(
    'refuses to write a backup into a folder that is not empty',
    async () => {
      const again = await command('backup', [backupDir], source.env);
      expect(again.ok).toBe(false);
      expect(again.stderr).toContain(`${backupDir} is not empty: give a new folder for each backup.`);
    },
    COMMAND_TIMEOUT_MS,
  );
});

itOnce(
  'names DATABASE_URL in one sentence when Postgres cannot be reached',
  async () => {
    const failed = await command('backup', [join(tmpdir(), 'sprocket-never-written')], {
      DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop',
    });
    expect(failed.ok).toBe(false);
    expect(failed.stderr.trim()).toBe('DATABASE_URL: cannot reach Postgres at 127.0.0.1:1 (ECONNREFUSED).');
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'leaves nothing of a backup that failed halfway in its folder',
  async () => {
    const site = await newSite('pglite');
    const folder = await mkdtemp(join(tmpdir(), 'sprocket-backup-'));
    try {
      await (await site.open()).close();
      // The database is dumped first; the images folder then turns out to be a file.
      const imagesFile = join(tmpdir(), `sprocket-not-a-folder-${randomBytes(4).toString('hex')}`);
      await writeFile(imagesFile, '');
      const failed = await command('backup', [folder], { ...site.env, IMAGES_DIR: imagesFile });
      await rm(imagesFile);
      expect(failed.ok).toBe(false);
      expect(failed.stderr.trim()).toBe(`IMAGES_DIR: ${imagesFile} is a file, not a folder.`);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
      await site.remove();
    }
  },
  COMMAND_TIMEOUT_MS,
);

/** How many units each of the site's orders is for, fewest first. */
async function orderQuantitiesOf(site: Site): Promise<number[]> {
  const handle = await site.open();
  try {
    const page = await listOrders(handle.db, adminOrdersInputSchema.parse({}));
    return page.items.map((order) => order.amount).sort((a, b) => a - b);
  } finally {
    await handle.close();
  }
}
