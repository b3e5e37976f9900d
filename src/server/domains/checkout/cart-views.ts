// What the cart shows: each line's part as it is now, priced with its quantity break, with what
// changed since it was added; and the parts a cart's lines name, read in one query.
import { eq, inArray } from 'drizzle-orm';
import type { CartLineInput } from '../../../shared/cart';
import { cartQuantityRefusal } from '../../../shared/cart-lines';
import { variantName } from '../../../shared/part-options';
import type { Database } from '../../db/database';
import { priceBreaks, tools } from '../../db/schema';
import { unitPriceFor, type PriceBreak } from './pricing/price-breaks';

/** A part as the cart needs it; `onSale` is false once it is hidden or retired. */
export interface CartPart {
  id: string;
  /** The part whose page shows this row: itself, or the part it is a variant of. */
  partId: string;
  /** The part's name and the variant's options (docs/decisions/0052). */
  name: string;
  img: string;
  priceCents: number;
  minimumOrderQuantity: number;
  available: number;
  onSale: boolean;
  breaks: PriceBreak[];
}

/**
 * What changed since the line was added, so that it cannot be bought as it is: the part left the
 * shop (hidden or retired), its minimum order rose above the quantity, or fewer are in stock.
 */
type CartLineProblem = 'unavailable' | 'belowMinimum' | 'overStock';

interface CartLineView {
  toolId: string;
  /** The part whose page shows the line's variant. */
  partId: string;
  name: string;
  img: string;
  quantity: number;
  minimumOrderQuantity: number;
  available: number;
  listUnitPriceCents: number;
  /** The unit price at this quantity: the list price, or the break's. */
  unitPriceCents: number;
  /** The break that sets unitPriceCents ("20+ units"), or null at the list price. */
  priceBreakFrom: number | null;
  lineTotalCents: number;
  problem: CartLineProblem | null;
}

export interface CartView {
  lines: CartLineView[];
  lineCount: number;
  unitCount: number;
  /** The lines still on sale; a part that left the shop cannot be bought, so it adds nothing. */
  subtotalCents: number;
}

/** The parts these ids name, hidden and retired ones too, with their breaks: one query. */
export async function partsForCart(db: Database, toolIds: readonly string[]): Promise<Map<string, CartPart>> {
  const parts = new Map<string, CartPart>();
  if (toolIds.length === 0) return parts;
  const rows = await db
    .select({
      id: tools.id,
      name: tools.name,
      variantOf: tools.variantOf,
      optionValues: tools.optionValues,
      img: tools.img,
      priceCents: tools.priceCents,
      minimumOrderQuantity: tools.minimumOrderQuantity,
      available: tools.available,
      hidden: tools.hidden,
      removedAt: tools.removedAt,
      breakFrom: priceBreaks.minQuantity,
      breakUnitCents: priceBreaks.unitPriceCents,
    })
    .from(tools)
    .leftJoin(priceBreaks, eq(priceBreaks.toolId, tools.id))
    .where(inArray(tools.id, [...toolIds]));
  for (const row of rows) {
    let part = parts.get(row.id);
    if (!part) {
      part = {
        id: row.id,
        partId: row.variantOf ?? row.id,
        name: variantName(row.name, row.optionValues),
        img: row.img,
        priceCents: row.priceCents,
        minimumOrderQuantity: row.minimumOrderQuantity,
        available: row.available,
        onSale: !row.hidden && row.removedAt === null,
        breaks: [],
      };
      parts.set(row.id, part);
    }
    if (row.breakFrom !== null && row.breakUnitCents !== null) {
      part.breaks.push({ minQuantity: row.breakFrom, unitCents: row.breakUnitCents });
    }
  }
  return parts;
}

function problemOf(quantity: number, part: CartPart): CartLineProblem | null {
  if (!part.onSale) return 'unavailable';
  return cartQuantityRefusal(quantity, part)?.reason ?? null;
}

/**
 * The break a unit price comes from, for its label ("20+ units"): the largest minimum reached among
 * the breaks at that price; null at the list price. The price itself is unitPriceFor's alone.
 */
function breakFromOf(quantity: number, unitPriceCents: number, part: CartPart): number | null {
  if (unitPriceCents === part.priceCents) return null;
  const reached = part.breaks.filter((candidate) => candidate.minQuantity <= quantity && candidate.unitCents === unitPriceCents);
  return reached.length === 0 ? null : Math.max(...reached.map((candidate) => candidate.minQuantity));
}

function toCartLineView(line: CartLineInput, part: CartPart): CartLineView {
  const unitPriceCents = unitPriceFor(line.quantity, part.priceCents, part.breaks);
  return {
    toolId: part.id,
    partId: part.partId,
    name: part.name,
    img: part.img,
    quantity: line.quantity,
    minimumOrderQuantity: part.minimumOrderQuantity,
    available: part.available,
    listUnitPriceCents: part.priceCents,
    unitPriceCents,
    priceBreakFrom: breakFromOf(line.quantity, unitPriceCents, part),
    lineTotalCents: unitPriceCents * line.quantity,
    problem: problemOf(line.quantity, part),
  };
}

/** The view of these lines, in their order; a line naming no part at all is left out. */
export function toCartView(lines: readonly CartLineInput[], parts: ReadonlyMap<string, CartPart>): CartView {
  const views = lines.flatMap((line) => {
    const part = parts.get(line.toolId);
    return part ? [toCartLineView(line, part)] : [];
  });
  return {
    lines: views,
    lineCount: views.length,
    unitCount: views.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: views.reduce((sum, line) => (line.problem === 'unavailable' ? sum : sum + line.lineTotalCents), 0),
  };
}
