// A customer's cart: the parts they mean to buy, holding no stock until checkout. Every change is
// checked against the part as it is now (on sale, from its minimum order to its stock, in Book Now's
// words) and the cart's size; the view tells, never refuses, what changed since a line was added.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CartLineInput } from '../../../shared/cart';
import { cartQuantityRefusal } from '../../../shared/cart-lines';
import { MAX_CART_LINES } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { cartLines, users } from '../../db/schema';
import { partsForCart, toCartView, type CartPart, type CartView } from './cart-views';

/** The customer's cart, oldest line first. */
export async function viewCart(db: Database, userId: string): Promise<CartView> {
  const lines = await linesOf(db, userId);
  return toCartView(
    lines,
    await partsForCart(
      db,
      lines.map((line) => line.toolId),
    ),
  );
}

/** A visitor's lines, priced and checked as a customer's would be; nothing is stored. */
export async function previewCart(db: Database, lines: readonly CartLineInput[]): Promise<CartView> {
  return toCartView(
    lines,
    await partsForCart(
      db,
      lines.map((line) => line.toolId),
    ),
  );
}

/** Adds the quantity to the part's line, or opens a line for it. */
export async function addToCart(db: Database, userId: string, line: CartLineInput): Promise<CartView> {
  await changingCartOf(db, userId, async (tx, lines) => {
    const existing = lines.find((held) => held.toolId === line.toolId);
    if (!existing && lines.length >= MAX_CART_LINES) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.cartTooManyLines });
    }
    const quantity = (existing?.quantity ?? 0) + line.quantity;
    await refuseUnlessBuyable(tx, line.toolId, quantity);
    await tx
      .insert(cartLines)
      .values({ userId, toolId: line.toolId, quantity })
      .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set: { quantity } });
  });
  return viewCart(db, userId);
}

/** Sets the quantity of a part already in the cart. */
export async function setCartQuantity(db: Database, userId: string, line: CartLineInput): Promise<CartView> {
  await changingCartOf(db, userId, async (tx, lines) => {
    if (!lines.some((held) => held.toolId === line.toolId)) {
      throw new TRPCError({ code: 'NOT_FOUND', message: messages.notInCart });
    }
    await refuseUnlessBuyable(tx, line.toolId, line.quantity);
    await tx
      .update(cartLines)
      .set({ quantity: line.quantity })
      .where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, line.toolId)));
  });
  return viewCart(db, userId);
}

/** Takes a part out of the cart; a part that is not in it leaves the cart as it is. */
export async function removeFromCart(db: Database, userId: string, toolId: string): Promise<CartView> {
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
  return viewCart(db, userId);
}

export async function clearCart(db: Database, userId: string): Promise<CartView> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
  return viewCart(db, userId);
}

export interface CartMerge {
  cart: CartView;
  /** The visitor's parts that could not be kept: no longer on sale, none to buy, or no room left. */
  notKept: string[];
}

/**
 * Brings a visitor's lines into the account when they sign in. For a part in both, the larger
 * quantity stays. Signing in must not fail over a cart, so instead of refusing, a quantity is
 * brought within the part's minimum order and stock, and a part that cannot be bought at all, or
 * for which the cart has no room, is left out and named.
 */
export async function mergeIntoCart(db: Database, userId: string, visitorLines: readonly CartLineInput[]): Promise<CartMerge> {
  const notKept: string[] = [];
  await changingCartOf(db, userId, async (tx, lines) => {
    const parts = await partsForCart(
      tx,
      visitorLines.map((line) => line.toolId),
    );
    const held = new Map(lines.map((line) => [line.toolId, line.quantity]));
    const kept: (typeof cartLines.$inferInsert)[] = [];
    for (const line of visitorLines) {
      const part = parts.get(line.toolId);
      const quantity = part ? keepableQuantity(Math.max(line.quantity, held.get(line.toolId) ?? 0), part) : null;
      const roomLeft = held.has(line.toolId) || held.size < MAX_CART_LINES;
      if (quantity === null || !roomLeft) {
        notKept.push(line.toolId);
        continue;
      }
      held.set(line.toolId, quantity);
      kept.push({ userId, toolId: line.toolId, quantity });
    }
    if (kept.length === 0) return;
    await tx
      .insert(cartLines)
      .values(kept)
      .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set: { quantity: sql`excluded.quantity` } });
  });
  return { cart: await viewCart(db, userId), notKept };
}

/** The quantity nearest the wanted one that the part allows, or null when it cannot be bought. */
function keepableQuantity(wanted: number, part: CartPart): number | null {
  if (!part.onSale || part.available < part.minimumOrderQuantity) return null;
  return Math.min(Math.max(wanted, part.minimumOrderQuantity), part.available);
}

/**
 * Runs a change of the user's cart with their lines as they are, holding the user's row so that two
 * changes at once (two tabs) cannot together pass the cart's size.
 */
async function changingCartOf(
  db: Database,
  userId: string,
  change: (tx: Database, lines: CartLineInput[]) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await change(tx, await linesOf(tx, userId));
  });
}

function linesOf(db: Database, userId: string): Promise<CartLineInput[]> {
  return db
    .select({ toolId: cartLines.toolId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.toolId));
}

/** Refuses a quantity of a part as Book Now does: a part not on sale is missing, then its limits. */
async function refuseUnlessBuyable(db: Database, toolId: string, quantity: number): Promise<void> {
  const part = (await partsForCart(db, [toolId])).get(toolId);
  if (!part?.onSale) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  const refusal = cartQuantityRefusal(quantity, part);
  if (refusal) {
    throw new TRPCError({ code: refusal.reason === 'overStock' ? 'CONFLICT' : 'BAD_REQUEST', message: refusal.message });
  }
}
