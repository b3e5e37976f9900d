// A part's variants (docs/decisions/0052): the options it comes in, each a sellable row of tools
// with its own SKU, price, stock, minimum order and image, naming its part in variant_of. The
// part's own row is its default variant. Here: the variants a part page shows, the booked
// variant a booking names, and an admin adding, editing and retiring variants, audited and
// version-checked as part edits are.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../../shared/money';
import type { AddVariantInput, EditVariantInput } from '../../../shared/part-option-schemas';
import { optionNamesOf, variantName, type OptionValues } from '../../../shared/part-options';
import type { Database } from '../../db/database';
import { preparedFor } from '../../db/prepared';
import { tools } from '../../db/schema';
import { recordAudit, type Actor } from '../audit/audit';
import { ConflictWithCurrent } from '../conflict-with-current';
import { isUniqueViolation } from '../settings/unique-violation';
import { refuseMissingImage, type ShopImages } from './images';

/** One option a customer can choose on a part's page: the row a booking of it names. */
export interface VariantView {
  id: string;
  sku: string | null;
  optionValues: OptionValues;
  price: number;
  available: number;
  minimumOrderQuantity: number;
  img: string;
}

/** A variant as the part editor's Variants section shows it, with the version an edit names. */
export interface AdminVariantView extends VariantView {
  /** The part's own row, its default variant (retired only with the part). */
  isDefault: boolean;
  version: number;
  name: string;
}

const variantColumns = {
  id: tools.id,
  variantOf: tools.variantOf,
  name: tools.name,
  sku: tools.sku,
  optionValues: tools.optionValues,
  priceCents: tools.priceCents,
  available: tools.available,
  minimumOrderQuantity: tools.minimumOrderQuantity,
  img: tools.img,
  version: tools.version,
};

type VariantRow = Pick<typeof tools.$inferSelect, keyof typeof variantColumns>;

function toVariantView(row: VariantRow): VariantView {
  return {
    id: row.id,
    sku: row.sku,
    optionValues: row.optionValues,
    price: centsToDollars(row.priceCents),
    available: row.available,
    minimumOrderQuantity: row.minimumOrderQuantity,
    img: row.img,
  };
}

function toAdminVariantView(row: VariantRow): AdminVariantView {
  return {
    ...toVariantView(row),
    isDefault: row.variantOf === null,
    version: row.version,
    name: variantName(row.name, row.optionValues),
  };
}

/** The part's own row and its variants on sale, the part's first, then in their order. */
const familyOf = (db: Database, partId: string) =>
  db
    .select(variantColumns)
    .from(tools)
    .where(and(or(eq(tools.id, partId), eq(tools.variantOf, partId)), isNull(tools.removedAt)))
    .orderBy(sql`${tools.variantOf} is not null`, asc(tools.variantPosition), asc(tools.seq));

/** A part page's variants: read on every visit the read cache has not kept, so planned once per connection. */
const variantsOfPart = preparedFor((db) =>
  db
    .select(variantColumns)
    .from(tools)
    .where(and(or(eq(tools.id, sql.placeholder('id')), eq(tools.variantOf, sql.placeholder('id'))), isNull(tools.removedAt)))
    .orderBy(sql`${tools.variantOf} is not null`, asc(tools.variantPosition), asc(tools.seq))
    .prepare('variants_of_part'),
);

/** The options a listed part's page offers, its own row (the default) first; one entry for a part without options. */
export async function partVariants(db: Database, partId: string): Promise<VariantView[]> {
  const rows = await variantsOfPart(db).execute({ id: partId });
  return rows.map(toVariantView);
}

/** The part editor's Variants section: the part's own row and its variants not retired. */
export async function adminPartVariants(db: Database, partId: string): Promise<AdminVariantView[]> {
  const rows = await familyOf(db, partId);
  if (!rows.some((row) => row.id === partId && row.variantOf === null)) {
    throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  }
  return rows.map(toAdminVariantView);
}

/**
 * The row a booking takes stock from: the variant it names, which must be the part itself or one
 * of its variants (BAD_REQUEST with a sentence otherwise), or without one the row the booking names
 * (a part's own row is its default variant). Whether it is on sale is the booking rule's to say.
 */
export async function bookedVariant(db: Database, toolsId: string, variantId: string | undefined): Promise<string> {
  if (variantId === undefined || variantId === toolsId) return toolsId;
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.id, variantId), eq(tools.variantOf, toolsId)));
  if (!row) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.variantNotOfPart });
  return row.id;
}

/** The name a booking of this row keeps: its part's name and its option values. */
export async function bookedName(db: Database, toolId: string): Promise<string | null> {
  const [row] = await db.select({ name: tools.name, optionValues: tools.optionValues }).from(tools).where(eq(tools.id, toolId));
  return row ? variantName(row.name, row.optionValues) : null;
}

function sameOptions(a: OptionValues, b: OptionValues): boolean {
  const names = optionNamesOf(a);
  return names.length === optionNamesOf(b).length && names.every((name) => a[name] === b[name]);
}

/**
 * Every variant of a part names the same options (a cassette's speeds, a saddle's width), and no
 * two the same values: refused with a sentence otherwise. `family` is the part's rows but the one
 * being saved.
 */
function refuseOptionsThatDoNotFit(family: VariantRow[], options: OptionValues): void {
  const names = optionNamesOf(options);
  const others = family.filter((row) => optionNamesOf(row.optionValues).length > 0);
  const [first] = others;
  if (first) {
    const expected = optionNamesOf(first.optionValues);
    if (expected.join() !== names.join()) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.variantOptionsMismatch(expected.join(', ')) });
    }
  }
  if (others.some((row) => sameOptions(row.optionValues, options))) {
    throw new TRPCError({ code: 'CONFLICT', message: messages.variantOptionsRepeated });
  }
}

function skuTaken(error: unknown, sku: string | null | undefined): never {
  if (sku && isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: messages.skuTaken(sku), cause: error });
  throw error;
}

/** Adds a variant to a part on sale (or hidden), audited; the part's own options must be given first. */
export async function addVariant(db: Database, images: ShopImages, actor: Actor, input: AddVariantInput): Promise<AdminVariantView> {
  if (input.img !== undefined) await refuseMissingImage(images, input.img);
  return db
    .transaction(async (tx) => {
      // The part's row is locked, so two admins adding variants add them in turn.
      const [part] = await tx
        .select({ ...variantColumns, hidden: tools.hidden, description: tools.description })
        .from(tools)
        .where(and(eq(tools.id, input.partId), isNull(tools.variantOf), isNull(tools.removedAt)))
        .for('update');
      if (!part) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
      if (optionNamesOf(part.optionValues).length === 0) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: messages.partOptionsFirst });
      }
      const family = await familyOf(tx, part.id);
      refuseOptionsThatDoNotFit(family, input.optionValues);
      const [row] = await tx
        .insert(tools)
        .values({
          variantOf: part.id,
          name: part.name,
          description: part.description,
          hidden: part.hidden,
          img: input.img ?? part.img,
          sku: input.sku ?? null,
          optionValues: input.optionValues,
          priceCents: dollarsToCents(input.price),
          minimumOrderQuantity: input.minimumOrderQuantity,
          available: input.available,
          // After the part's own row and the variants it has.
          variantPosition: family.length,
        })
        .returning(variantColumns);
      // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
      if (!row) throw new Error('Inserting a variant returned no row');
      const view = toAdminVariantView(row);
      await recordAudit(tx, actor, 'part.variant_add', `${view.name} (${row.id}) of ${part.id}: ${describe(view)}`);
      return view;
    })
    .catch((error: unknown) => skuTaken(error, input.sku));
}

function describe(variant: VariantView): string {
  return `sku ${JSON.stringify(variant.sku)}, price ${variant.price.toFixed(2)}, minimum order ${variant.minimumOrderQuantity}, available ${variant.available}, img ${variant.img}`;
}

/**
 * Saves an edit of a variant (the part's own row too) made from its `version`: its options, SKU,
 * price, minimum order, image, and its stock by the difference from what the form showed, as a
 * part's edit does. CONFLICT with the variant as it is now when another admin saved first.
 */
export async function editVariant(db: Database, images: ShopImages, actor: Actor, input: EditVariantInput): Promise<AdminVariantView> {
  if (input.img !== undefined) await refuseMissingImage(images, input.img);
  return db
    .transaction(async (tx) => {
      const [before] = await tx
        .select(variantColumns)
        .from(tools)
        .where(and(eq(tools.id, input.id), isNull(tools.removedAt)))
        .for('update');
      if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: messages.variantNotFound });
      const conflict = (message: string) =>
        new TRPCError({ code: 'CONFLICT', message, cause: new ConflictWithCurrent(toAdminVariantView(before)) });
      if (before.version !== input.version) throw conflict(messages.partEditConflict);
      const available = before.available + (input.available - input.availableWas);
      if (available < 0) throw conflict(messages.stockWouldGoNegative);
      const partId = before.variantOf ?? before.id;
      const family = (await familyOf(tx, partId)).filter((row) => row.id !== before.id);
      refuseOptionsThatDoNotFit(family, input.optionValues);
      const [after] = await tx
        .update(tools)
        .set({
          sku: input.sku === undefined ? before.sku : input.sku,
          optionValues: input.optionValues,
          priceCents: dollarsToCents(input.price),
          minimumOrderQuantity: input.minimumOrderQuantity,
          img: input.img ?? before.img,
          available,
          version: before.version + 1,
        })
        .where(and(eq(tools.id, before.id), eq(tools.version, input.version)))
        .returning(variantColumns);
      // Stryker disable next-line ConditionalExpression,StringLiteral: the row is locked since it was read, so its version still matches
      if (!after) throw new Error(`Variant ${input.id} changed while it was locked for an edit`);
      const was = toAdminVariantView(before);
      const now = toAdminVariantView(after);
      await recordAudit(tx, actor, 'part.variant_edit', `${now.name} (${now.id}): ${was.name}, ${describe(was)} → ${describe(now)}`);
      return now;
    })
    .catch((error: unknown) => skuTaken(error, input.sku));
}

/** Retires a variant: it leaves the part's page and the part's figures, and its orders keep their copy of it. The part's own row retires only with the part. */
export async function retireVariant(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tools)
      .set({ removedAt: new Date() })
      .where(and(eq(tools.id, id), isNotNull(tools.variantOf), isNull(tools.removedAt)))
      .returning(variantColumns);
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.variantNotFound });
    await recordAudit(tx, actor, 'part.variant_retire', `${variantName(row.name, row.optionValues)} (${row.id})`);
  });
}
