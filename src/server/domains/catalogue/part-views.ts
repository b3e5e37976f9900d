// The columns a part read selects, and the shape the API shows (SPEC.md §3, prices in dollars).
import { and, eq, isNull } from 'drizzle-orm';
import { centsToDollars } from '../../../shared/money';
import { tools } from '../../db/schema';

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

/** Parts not retired: retired parts stay in the table for the orders that name them. */
export const notRetired = isNull(tools.removedAt);

/** Parts in the catalogue for visitors: not retired and not hidden by an admin. */
export const listed = and(notRetired, eq(tools.hidden, false))!;

/** What Manage product shows of a part: the catalogue's fields, whether it is hidden, its version. */
export const adminToolColumns = { ...toolColumns, hidden: tools.hidden, version: tools.version };

export type AdminToolRow = Pick<typeof tools.$inferSelect, keyof typeof adminToolColumns>;

export interface AdminToolView extends ToolView {
  hidden: boolean;
  /** The version an edit names, so an edit from an older version is refused. */
  version: number;
}

export function toAdminToolView(row: AdminToolRow): AdminToolView {
  return { ...toToolView(row), hidden: row.hidden, version: row.version };
}
