// The parts: the shop's catalogue as visitors read it, the admins' list and edit form, and adding,
// picturing and retiring a part (editing and hiding are in part-editing.ts).
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/common';
import { messages } from '../../../shared/messages';
import { dollarsToCents } from '../../../shared/money';
import type { CreateToolInput } from '../../../shared/tools';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { keysetPage } from '../../db/pages';
import { preparedFor } from '../../db/prepared';
import { tools } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { refuseMissingImage, type ShopImages } from './images';
import {
  adminToolColumns,
  listed,
  notRetired,
  toAdminToolView,
  toolColumns,
  toToolView,
  type AdminToolView,
  type ToolView,
} from './part-views';

interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** The parts on sale, in the order they were added. */
export async function listParts(db: Database, request: PageRequest): Promise<Page<ToolView>> {
  const rows = await db
    .select(toolColumns)
    .from(tools)
    .where(request.cursor ? and(listed, gt(tools.seq, Number(request.cursor))) : listed)
    .orderBy(asc(tools.seq))
    .limit(request.limit + 1);
  return keysetPage(rows, request.limit, toToolView);
}

/** A part's page: read on every visit the read cache has not kept, so planned once per connection. */
const listedPartById = preparedFor((db) =>
  db
    .select(toolColumns)
    .from(tools)
    .where(and(eq(tools.id, sql.placeholder('id')), listed))
    .prepare('listed_part_by_id'),
);

/** One part on sale; a hidden or retired one is NOT_FOUND, as if it never was. */
export async function partById(db: Database, id: string): Promise<ToolView> {
  const [row] = await listedPartById(db).execute({ id });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  return toToolView(row);
}

/** Manage product: every part not retired, hidden ones too, with the version an edit names. */
export async function adminParts(db: Database, request: PageRequest): Promise<Page<AdminToolView>> {
  const rows = await db
    .select(adminToolColumns)
    .from(tools)
    .where(request.cursor ? and(notRetired, gt(tools.seq, Number(request.cursor))) : notRetired)
    .orderBy(asc(tools.seq))
    .limit(request.limit + 1);
  return keysetPage(rows, request.limit, toAdminToolView);
}

/** The edit form's part, hidden or not, as it is now (never from the read cache). */
export async function adminPartById(db: Database, id: string): Promise<AdminToolView> {
  const [row] = await db
    .select(adminToolColumns)
    .from(tools)
    .where(and(eq(tools.id, id), notRetired));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  return toAdminToolView(row);
}

/** Puts a new part on sale, audited; its image must be a web address or one the shop has. */
export async function addPart(db: Database, images: ShopImages, admin: SessionUser, input: CreateToolInput): Promise<ToolView> {
  await refuseMissingImage(images, input.img);
  return db.transaction(async (tx) => {
    const { price, ...fields } = input;
    const [row] = await tx
      .insert(tools)
      .values({ ...fields, priceCents: dollarsToCents(price) })
      .returning(toolColumns);
    if (!row) throw new Error('Inserting a part returned no row');
    await recordAudit(tx, admin, 'part.add', `${row.name} (${row.id})`);
    return toToolView(row);
  });
}

/** Keeps an image an admin uploads for a part (images.ts says how), audited. */
export async function uploadPartImage(db: Database, images: ShopImages, admin: SessionUser, bytes: Buffer): Promise<{ img: string }> {
  const saved = await images.save(bytes);
  if ('refused' in saved) {
    const message = saved.refused === 'size' ? messages.imageTooLarge : messages.imageTypeInvalid;
    throw new TRPCError({ code: 'BAD_REQUEST', message });
  }
  await recordAudit(db, admin, 'image.upload', saved.path);
  return { img: saved.path };
}

/** Retires a part: it leaves the shop and the admins' list, and its orders keep their copy of it. */
export async function retirePart(db: Database, admin: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tools)
      .set({ removedAt: new Date() })
      .where(and(eq(tools.id, id), notRetired))
      .returning({ id: tools.id, name: tools.name });
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    await recordAudit(tx, admin, 'part.delete', `${row.name} (${row.id})`);
  });
}
