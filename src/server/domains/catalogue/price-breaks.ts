// Quantity prices of a part ("20+ at $35.00"): read on the part's page, and replaced as a whole set
// by admins, audited. Each break starts above the part's minimum order and sells below its price,
// so a break is always a discount a customer can reach.
import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../../shared/money';
import type { PriceBreak, SetPriceBreaksInput } from '../../../shared/shop-settings';
import type { Database } from '../../db/database';
import { priceBreaks, tools } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { AdminActor } from '../settings/admin-actor';
import { listed, notRetired } from './part-views';

type Executor = Pick<Database, 'select'>;

async function breaksOf(db: Executor, toolId: string): Promise<PriceBreak[]> {
  const rows = await db
    .select({ minQuantity: priceBreaks.minQuantity, unitPriceCents: priceBreaks.unitPriceCents })
    .from(priceBreaks)
    .where(eq(priceBreaks.toolId, toolId))
    .orderBy(asc(priceBreaks.minQuantity));
  return rows.map((row) => ({ minQuantity: row.minQuantity, unitPrice: centsToDollars(row.unitPriceCents) }));
}

/**
 * A part's price breaks, smallest quantity first. Visitors see those of parts in the shop; admins
 * (`includeHidden`) also those of hidden parts, which their part editor shows.
 */
export async function partPriceBreaks(
  db: Database,
  toolId: string,
  { includeHidden }: { includeHidden: boolean },
): Promise<PriceBreak[]> {
  const [part] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.id, toolId), includeHidden ? notRetired : listed));
  if (!part) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  return breaksOf(db, toolId);
}

/**
 * Replaces the part's price breaks with `input.breaks` (an empty list removes them all). The part
 * is locked while the set is checked against its minimum order and price, so an edit of the part
 * cannot slip between the check and the save.
 */
export async function setPartPriceBreaks(db: Database, actor: AdminActor, input: SetPriceBreaksInput): Promise<PriceBreak[]> {
  return db.transaction(async (tx) => {
    const [part] = await tx
      .select({ id: tools.id, name: tools.name, priceCents: tools.priceCents, minimumOrderQuantity: tools.minimumOrderQuantity })
      .from(tools)
      .where(and(eq(tools.id, input.toolId), notRetired))
      .for('update');
    if (!part) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    for (const priceBreak of input.breaks) {
      if (priceBreak.minQuantity <= part.minimumOrderQuantity) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: messages.priceBreakNotAboveMinimum(part.minimumOrderQuantity) });
      }
      if (dollarsToCents(priceBreak.unitPrice) >= part.priceCents) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: messages.priceBreakNotCheaper(centsToDollars(part.priceCents)) });
      }
    }
    const before = await breaksOf(tx, part.id);
    await tx.delete(priceBreaks).where(eq(priceBreaks.toolId, part.id));
    if (input.breaks.length > 0) {
      await tx.insert(priceBreaks).values(
        input.breaks.map((priceBreak) => ({
          toolId: part.id,
          minQuantity: priceBreak.minQuantity,
          unitPriceCents: dollarsToCents(priceBreak.unitPrice),
        })),
      );
    }
    const after = await breaksOf(tx, part.id);
    await recordAudit(tx, actor, 'part.price_breaks', `${part.name} (${part.id}): ${described(before)} → ${described(after)}`);
    return after;
  });
}

function described(breaks: PriceBreak[]): string {
  return breaks.length > 0
    ? breaks.map((priceBreak) => `${priceBreak.minQuantity}+ at ${priceBreak.unitPrice.toFixed(2)}`).join(', ')
    : 'none';
}
