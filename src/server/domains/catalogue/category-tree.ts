// The category tree as every reader sees it: read whole (the shop has tens or hundreds of
// categories, never parts-many), then walked in memory for a category's trail and descendants.
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { categories, tools } from '../../db/schema';
import { listed } from './part-views';

export interface CategoryRow {
  id: string;
  parentId: string | null;
  name: string;
  slug: string;
}

export interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  children: CategoryNode[];
}

/** One step of a breadcrumb. */
export interface CategoryLink {
  name: string;
  slug: string;
}

/** Every category, siblings in their position order. */
export async function readCategories(db: Database): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.createdAt), asc(categories.id));
}

/** The rows as a tree: the top-level categories, each with its subcategories in order. */
export function toTree(rows: CategoryRow[]): CategoryNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, slug: row.slug, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The category and every category below it, at any depth. */
export function subtreeIds(rows: CategoryRow[], id: string): string[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i += 1) {
    for (const row of rows) if (row.parentId === ids[i]) ids.push(row.id);
  }
  return ids;
}

/** The categories from the top down to `id` itself: a breadcrumb's steps after Home. */
export function trailTo(rows: CategoryRow[], id: string): CategoryRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const trail: CategoryRow[] = [];
  // The database refuses a cycle only through the admins' moves; the bound keeps a bad row from looping.
  for (let row = byId.get(id); row && trail.length <= rows.length; row = row.parentId ? byId.get(row.parentId) : undefined) {
    trail.unshift(row);
  }
  return trail;
}

/** How many levels the category's subtree spans: 1 for a category without subcategories. */
export function subtreeHeight(rows: CategoryRow[], id: string): number {
  const children = rows.filter((row) => row.parentId === id);
  return 1 + Math.max(0, ...children.map((child) => subtreeHeight(rows, child.id)));
}

export function toLink(row: CategoryRow): CategoryLink {
  return { name: row.name, slug: row.slug };
}

/** The category of a part on sale (null when it has none); a part not on sale is NOT_FOUND. */
export async function categoryOfListedPart(db: Database, partId: string): Promise<string | null> {
  const [part] = await db
    .select({ categoryId: tools.categoryId })
    .from(tools)
    .where(and(eq(tools.id, partId), listed));
  if (!part) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  return part.categoryId;
}

/** A part page's breadcrumb: its category's trail, empty when it has none. */
export async function trailOfPart(db: Database, partId: string): Promise<CategoryLink[]> {
  const categoryId = await categoryOfListedPart(db, partId);
  return categoryId ? trailTo(await readCategories(db), categoryId).map(toLink) : [];
}
