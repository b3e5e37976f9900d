// The admins' changes to the category tree: creating, renaming, moving and reordering categories,
// and deleting an empty one. Every change is audited. Changes of the tree's shape lock every
// category first (the table is small), so two moves at once cannot make a cycle between them.
import { TRPCError } from '@trpc/server';
import { and, count, eq, isNotNull, isNull, max } from 'drizzle-orm';
import { CATEGORY_DEPTH_MAX, slugFromName, type CreateCategoryInput, type ReorderCategoriesInput } from '../../../shared/categories';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { raisedWith } from '../../db/database-errors';
import { categories, tools } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { subtreeHeight, subtreeIds, trailTo, type CategoryLink, type CategoryRow } from './category-tree';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

interface Actor {
  id: string;
  email: string;
}

export interface SavedCategory extends CategoryLink {
  id: string;
  parentId: string | null;
}

const savedColumns = { id: categories.id, parentId: categories.parentId, name: categories.name, slug: categories.slug };

/** Every category, locked until the transaction ends: the shape of the tree cannot change meanwhile. */
async function lockedTree(tx: Transaction): Promise<CategoryRow[]> {
  return tx.select(savedColumns).from(categories).for('update');
}

function found(rows: CategoryRow[], id: string): CategoryRow {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.categoryNotFound });
  return row;
}

/** The parent a category goes under, which must exist; null for the top level. */
function parentIn(rows: CategoryRow[], parentId: string | null): CategoryRow | null {
  if (parentId === null) return null;
  const parent = rows.find((row) => row.id === parentId);
  if (!parent) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.categoryParentNotFound });
  return parent;
}

/** Levels above a category placed under `parent`, plus the levels of its own subtree, stay within the bound. */
function refuseTooDeep(rows: CategoryRow[], parent: CategoryRow | null, height: number): void {
  const above = parent ? trailTo(rows, parent.id).length : 0;
  if (above + height > CATEGORY_DEPTH_MAX) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: messages.categoryTooDeep(CATEGORY_DEPTH_MAX) });
  }
}

/** The position after the last of the parent's subcategories. */
async function nextPosition(tx: Transaction, parentId: string | null): Promise<number> {
  const [last] = await tx
    .select({ position: max(categories.position) })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
  return (last?.position ?? -1) + 1;
}

function slugTaken(cause?: unknown): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message: messages.categorySlugTaken, cause });
}

/** A new category, last among its siblings; its slug is the one given or made from its name. */
export async function createCategory(db: Database, actor: Actor, input: CreateCategoryInput): Promise<SavedCategory> {
  const slug = input.slug ?? slugFromName(input.name);
  // A name of only symbols ("&&") makes no slug: the admin has to choose one.
  if (slug === '') throw new TRPCError({ code: 'BAD_REQUEST', message: messages.categorySlugInvalid });
  try {
    return await db.transaction(async (tx) => {
      const rows = await lockedTree(tx);
      const parent = parentIn(rows, input.parentId);
      refuseTooDeep(rows, parent, 1);
      if (rows.some((row) => row.slug === slug)) throw slugTaken();
      const [saved] = await tx
        .insert(categories)
        .values({ name: input.name, slug, parentId: input.parentId, position: await nextPosition(tx, input.parentId) })
        .returning(savedColumns);
      // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
      if (!saved) throw new Error('The category was not stored');
      await recordAudit(
        tx,
        actor,
        'category.create',
        `${saved.name} /${saved.slug} (${saved.id}) under ${parent?.name ?? 'the top level'}`,
      );
      return saved;
    });
  } catch (error) {
    // Another admin took the slug in a transaction the check above could not see.
    if (raisedWith(error, '23505')) throw slugTaken(error);
    throw error;
  }
}

/** A new name; the slug stays, so links already shared keep working. */
export async function renameCategory(db: Database, actor: Actor, id: string, name: string): Promise<SavedCategory> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(savedColumns).from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: messages.categoryNotFound });
    const [saved] = await tx.update(categories).set({ name }).where(eq(categories.id, id)).returning(savedColumns);
    // Stryker disable next-line ConditionalExpression,StringLiteral: the row is locked since it was read
    if (!saved) throw new Error('The category changed while it was locked');
    await recordAudit(tx, actor, 'category.rename', `${JSON.stringify(before.name)} → ${JSON.stringify(name)} (${id})`);
    return saved;
  });
}

/** Puts the category, with everything below it, under another parent (or at the top), last there. */
export async function moveCategory(db: Database, actor: Actor, id: string, parentId: string | null): Promise<SavedCategory> {
  return db.transaction(async (tx) => {
    const rows = await lockedTree(tx);
    const category = found(rows, id);
    const parent = parentIn(rows, parentId);
    if (parentId !== null && subtreeIds(rows, id).includes(parentId)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.categoryMoveIntoItself });
    }
    refuseTooDeep(rows, parent, subtreeHeight(rows, id));
    const [saved] = await tx
      .update(categories)
      .set({ parentId, position: await nextPosition(tx, parentId) })
      .where(eq(categories.id, id))
      .returning(savedColumns);
    // Stryker disable next-line ConditionalExpression,StringLiteral: the row is locked since it was read
    if (!saved) throw new Error('The category changed while it was locked');
    const from = category.parentId ? found(rows, category.parentId).name : 'the top level';
    await recordAudit(tx, actor, 'category.move', `${category.name} (${id}): ${from} → ${parent?.name ?? 'the top level'}`);
    return saved;
  });
}

/** Puts the parent's subcategories in the order given, which must name each of them once. */
export async function reorderCategories(db: Database, actor: Actor, input: ReorderCategoriesInput): Promise<SavedCategory[]> {
  return db.transaction(async (tx) => {
    const rows = await lockedTree(tx);
    const parent = parentIn(rows, input.parentId);
    const siblings = rows.filter((row) => row.parentId === input.parentId);
    const named = new Set(input.orderedIds);
    if (named.size !== input.orderedIds.length || named.size !== siblings.length || siblings.some((row) => !named.has(row.id))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.categoryOrderMismatch });
    }
    for (const [position, id] of input.orderedIds.entries()) {
      await tx.update(categories).set({ position }).where(eq(categories.id, id));
    }
    const ordered = input.orderedIds.map((id) => found(rows, id));
    await recordAudit(
      tx,
      actor,
      'category.reorder',
      `under ${parent?.name ?? 'the top level'}: ${ordered.map((row) => row.name).join(', ')}`,
    );
    return ordered;
  });
}

/**
 * Deletes a category that holds no parts and no subcategories; otherwise CONFLICT, saying what it
 * still holds. Retired parts, gone from the shop, let go of it: their orders keep their own copy.
 */
export async function deleteCategory(db: Database, actor: Actor, id: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const rows = await lockedTree(tx);
    const category = found(rows, id);
    const children = rows.filter((row) => row.parentId === id).length;
    const [held] = await tx
      .select({ parts: count() })
      .from(tools)
      .where(and(eq(tools.categoryId, id), isNull(tools.removedAt)));
    const parts = held?.parts ?? 0;
    if (parts > 0 || children > 0) throw new TRPCError({ code: 'CONFLICT', message: messages.categoryNotEmpty(parts, children) });
    await tx
      .update(tools)
      .set({ categoryId: null })
      .where(and(eq(tools.categoryId, id), isNotNull(tools.removedAt)));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, actor, 'category.delete', `${category.name} /${category.slug} (${id})`);
    return { id };
  });
}

/** A part's category, which must exist (or none); the editor's choice, checked before it is saved. */
export async function refuseMissingCategory(tx: Pick<Database, 'select'>, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  // KEY SHARE: a delete of the category waits for this transaction, and then sees the part.
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for('key share');
  if (!category) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.categoryNotFound });
}

/** The names an audit line shows for a part's category before and after an edit. */
export async function categoryName(tx: Pick<Database, 'select'>, categoryId: string | null): Promise<string> {
  if (!categoryId) return 'none';
  const [row] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
  return row?.name ?? 'none';
}
