// The columns a part read selects, and the shape the API shows (SPEC.md §3, prices in dollars).
import { isNull } from 'drizzle-orm';
import { centsToDollars } from '../../shared/money';
import { tools } from '../db/schema';

export const toolColumns = {
  id: tools.id,
  seq: tools.seq,
  name: tools.name,
  img: tools.img,
  priceCents: tools.priceCents,
  minimumOrderQuantity: tools.minimumOrderQuantity,
  available: tools.available,
  description: tools.description,
};

type ToolRow = Pick<typeof tools.$inferSelect, keyof typeof toolColumns>;

export interface ToolView {
  _id: string;
  name: string;
  img: string;
  price: number;
  minimumOrderQuantity: number;
  available: number;
  description: string;
}

export function toToolView(row: ToolRow): ToolView {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    price: centsToDollars(row.priceCents),
    minimumOrderQuantity: row.minimumOrderQuantity,
    available: row.available,
    description: row.description,
  };
}

/** Parts in the catalogue: retired parts stay in the table for the orders that name them. */
export const listed = isNull(tools.removedAt);
