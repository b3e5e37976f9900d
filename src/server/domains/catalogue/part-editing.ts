// An admin's changes to a part already in the shop: editing and restocking it, and hiding it.
// Every change is audited with the values before and after.
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { describeCompatibility } from '../../../shared/bike-standards';
import { messages } from '../../../shared/messages';
import { specificationsCell, type Specification } from '../../../shared/part-specifications';
import type { EditToolInput } from '../../../shared/tools';
import { centsToDollars, dollarsToCents } from '../../../shared/money';
import type { Database } from '../../db/database';
import { tools } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { ConflictWithCurrent } from '../conflict-with-current';
import { categoryName, refuseMissingCategory } from './category-editing';
import { refuseMissingImage, type ShopImages } from './images';
import { refuseMissingGalleryImages, saveGallery } from './part-gallery';
import { adminToolColumns, partNotRetired, toAdminToolView, type AdminToolRow, type AdminToolView } from './part-views';

interface Actor {
  id: string;
  email: string;
}

/**
 * Saves an edit made from the part's `version`. The row is locked while the edit is checked, so
 * a booking waits for it (one short statement) and never sees half of it. The stock moves by the
 * difference between what the form showed and what the admin typed: units booked since the form
 * was opened stay with their bookings, and a decrease that would go below zero is refused.
 * Bookings keep the price they were made at, so a price change never alters their totals.
 * Refused with CONFLICT, showing the part as it is now, when another admin saved first or bookings
 * left fewer units than the edit removes.
 */
export async function editPart(db: Database, images: ShopImages, actor: Actor, input: EditToolInput): Promise<AdminToolView> {
  await refuseMissingImage(images, input.img);
  await refuseMissingGalleryImages(images, input.images);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(adminToolColumns)
      .from(tools)
      .where(and(eq(tools.id, input.id), partNotRetired))
      .for('update');
    if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    if (before.version !== input.version) throw conflict(messages.partEditConflict, before);
    const available = before.available + (input.available - input.availableWas);
    if (available < 0) throw conflict(messages.stockWouldGoNegative, before);
    await refuseMissingCategory(tx, input.categoryId);
    // Before the part's row, so the row read back below shows the gallery as saved.
    const galleryChange = await saveGallery(tx, { id: input.id, name: input.name, img: input.img }, input.images);

    const [after] = await tx
      .update(tools)
      .set({
        name: input.name,
        img: input.img,
        priceCents: dollarsToCents(input.price),
        minimumOrderQuantity: input.minimumOrderQuantity,
        description: input.description,
        available,
        // Left out of the input, the part keeps its category.
        categoryId: input.categoryId === undefined ? before.categoryId : input.categoryId,
        compatibility: input.compatibility ?? before.compatibility,
        specifications: input.specifications ?? before.specifications,
        version: before.version + 1,
      })
      .where(and(eq(tools.id, input.id), eq(tools.version, input.version)))
      .returning(adminToolColumns);
    // Stryker disable next-line ConditionalExpression,StringLiteral: the row is locked since it was read, so its version still matches
    if (!after) throw new Error(`Part ${input.id} changed while it was locked for an edit`);
    if (after.name !== before.name || after.description !== before.description) {
      // A variant is named by its part (docs/decisions/0052); its bookings keep the name they were made with.
      await tx.update(tools).set({ name: after.name, description: after.description }).where(eq(tools.variantOf, after.id));
    }
    const changes = [describeChanges(before, after)];
    const compatibilityWas = describeCompatibility(before.compatibility);
    const compatibilityNow = describeCompatibility(after.compatibility);
    if (compatibilityNow !== compatibilityWas) {
      changes.push(`compatibility: ${JSON.stringify(compatibilityWas)} → ${JSON.stringify(compatibilityNow)}`);
    }
    const specificationsWas = describeSpecifications(before.specifications);
    const specificationsNow = describeSpecifications(after.specifications);
    if (specificationsNow !== specificationsWas) {
      changes.push(`specifications: ${JSON.stringify(specificationsWas)} → ${JSON.stringify(specificationsNow)}`);
    }
    if (galleryChange) changes.push(galleryChange);
    if (after.categoryId !== before.categoryId) {
      changes.push(
        `category: ${JSON.stringify(await categoryName(tx, before.categoryId))} → ${JSON.stringify(await categoryName(tx, after.categoryId))}`,
      );
    }
    await recordAudit(
      tx,
      actor,
      'part.edit',
      `${after.name} (${after.id}): ${changes.filter((change) => change !== 'no change').join('; ') || 'no change'}`,
    );
    return toAdminToolView(after);
  });
}

/** The audit's view of a specifications table: "name: value; name: value", or "none". */
function describeSpecifications(rows: readonly Specification[]): string {
  return rows.length > 0 ? specificationsCell(rows) : 'none';
}

function conflict(message: string, current: AdminToolRow): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message, cause: new ConflictWithCurrent(toAdminToolView(current)) });
}

/** Hides a part with its variants from the shop (visitors see it as missing, nobody can book it) or shows them again. */
export async function setPartHidden(db: Database, actor: Actor, id: string, hidden: boolean): Promise<AdminToolView> {
  return db.transaction(async (tx) => {
    // The variants first, then the part: the order a booking of a variant locks them in.
    await tx.update(tools).set({ hidden }).where(eq(tools.variantOf, id));
    const [row] = await tx
      .update(tools)
      .set({ hidden })
      .where(and(eq(tools.id, id), partNotRetired))
      .returning(adminToolColumns);
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    await recordAudit(tx, actor, hidden ? 'part.hide' : 'part.show', `${row.name} (${row.id})`);
    return toAdminToolView(row);
  });
}

type EditedFields = Pick<
  typeof tools.$inferSelect,
  'name' | 'img' | 'priceCents' | 'minimumOrderQuantity' | 'available' | 'description'
>;

/** The audit's before and after: each field that changed, as `field: before → after`. */
function describeChanges(before: EditedFields, after: EditedFields): string {
  const shown = (part: EditedFields) => ({
    name: part.name,
    price: centsToDollars(part.priceCents).toFixed(2),
    minimumOrderQuantity: String(part.minimumOrderQuantity),
    available: String(part.available),
    img: part.img,
    description: part.description,
  });
  const was = shown(before);
  const now = shown(after);
  const changes = (Object.keys(now) as Array<keyof typeof now>)
    .filter((field) => was[field] !== now[field])
    .map((field) => `${field}: ${JSON.stringify(was[field])} → ${JSON.stringify(now[field])}`);
  return changes.length > 0 ? changes.join('; ') : 'no change';
}
