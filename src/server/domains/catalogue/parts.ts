// The parts: the shop's catalogue as visitors read it, the admins' list and edit form, and adding,
// picturing and retiring a part (editing and hiding are in part-editing.ts).
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
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
import { refuseMissingCategory } from './category-editing';
import { refuseMissingImage, type ShopImages } from './images';
import { startGalleries } from './part-gallery';
import { partVariants, type VariantView } from './variants';
import {
  adminListColumns,
  adminToolColumns,
  listed,
  partNotRetired,
  partPageColumns,
  toAdminToolView,
  toPartPageView,
  toolColumns,
  toToolView,
  type AdminToolView,
  type PartPageView,
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
    .select(partPageColumns)
    .from(tools)
    .where(and(eq(tools.id, sql.placeholder('id')), listed))
    .prepare('listed_part_by_id'),
);

/** A part's page: the part as lists show it, its gallery and specifications, and the options a customer chooses from (its own row first). */
export interface PartView extends PartPageView {
  variants: VariantView[];
}

/** One part on sale with its variants; a hidden or retired one, or a variant's id, is NOT_FOUND, as if it never was. */
export async function partById(db: Database, id: string): Promise<PartView> {
  const [row] = await listedPartById(db).execute({ id });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  return { ...toPartPageView(row), variants: await partVariants(db, id) };
}

/** Manage product: every part not retired, hidden ones too, with the version an edit names. */
export async function adminParts(db: Database, request: PageRequest): Promise<Page<AdminToolView>> {
  const rows = await db
    .select(adminListColumns)
    .from(tools)
    .where(request.cursor ? and(partNotRetired, gt(tools.seq, Number(request.cursor))) : partNotRetired)
    .orderBy(asc(tools.seq))
    .limit(request.limit + 1);
  return keysetPage(rows, request.limit, toAdminToolView);
}

/** The edit form's part, hidden or not, as it is now (never from the read cache). */
export async function adminPartById(db: Database, id: string): Promise<AdminToolView> {
  const [row] = await db
    .select(adminToolColumns)
    .from(tools)
    .where(and(eq(tools.id, id), partNotRetired));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  return toAdminToolView(row);
}

/** Puts a new part on sale, audited; its image must be a web address or one the shop has. */
export async function addPart(db: Database, images: ShopImages, admin: SessionUser, input: CreateToolInput): Promise<ToolView> {
  await refuseMissingImage(images, input.img);
  return db.transaction(async (tx) => {
    const { price, categoryId, compatibility, specifications, ...fields } = input;
    await refuseMissingCategory(tx, categoryId);
    const [row] = await tx
      .insert(tools)
      .values({
        ...fields,
        categoryId: categoryId ?? null,
        compatibility: compatibility ?? {},
        specifications: specifications ?? [],
        priceCents: dollarsToCents(price),
      })
      .returning(toolColumns);
    if (!row) throw new Error('Inserting a part returned no row');
    await startGalleries(tx, [row]);
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

/** Retires a part with its variants: they leave the shop and the admins' list, and their orders keep their copy of them. */
export async function retirePart(db: Database, admin: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removedAt = new Date();
    // The variants first, then the part: the order a booking of a variant locks them in.
    await tx
      .update(tools)
      .set({ removedAt })
      .where(and(eq(tools.variantOf, id), isNull(tools.removedAt)));
    const [row] = await tx
      .update(tools)
      .set({ removedAt })
      .where(and(eq(tools.id, id), partNotRetired))
      .returning({ id: tools.id, name: tools.name });
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    await recordAudit(tx, admin, 'part.delete', `${row.name} (${row.id})`);
  });
}
