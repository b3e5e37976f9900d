// The columns a part read selects, and the shape the API shows (SPEC.md §3, prices in dollars). A
// part in a list shows its listed figures: the lowest price over its variants and their stock
// summed (docs/decisions/0052).
import { and, eq, isNull } from 'drizzle-orm';
import type { Compatibility } from '../../../shared/bike-standards';
import { centsToDollars } from '../../../shared/money';
import type { Specification } from '../../../shared/part-specifications';
import { tools } from '../../db/schema';
import { galleryColumn, type GalleryImage } from './part-gallery';

/** What every read of a part selects besides its price and stock. */
const partColumns = {
  id: tools.id,
  seq: tools.seq,
  name: tools.name,
  img: tools.img,
  minimumOrderQuantity: tools.minimumOrderQuantity,
  description: tools.description,
  reviewCount: tools.reviewCount,
  ratingTotal: tools.ratingTotal,
};

/** A part as lists show it: its lowest price over its variants and their stock summed, kept on its row. */
export const toolColumns = {
  ...partColumns,
  priceCents: tools.listedPriceCents,
  available: tools.listedAvailable,
  variantCount: tools.variantCount,
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
  /** How many reviews the part has. */
  reviewCount: number;
  /** Their average, to one decimal; null without reviews. */
  averageRating: number | null;
  /**
   * How many options the part comes in (docs/decisions/0052): 1 for a part without options. With
   * more, `price` is the lowest of theirs and `available` their stock summed.
   */
  variantCount: number;
}

/** A part's average rating to one decimal, from the figures kept on it; null without reviews. */
export function averageRating(figures: { reviewCount: number; ratingTotal: number }): number | null {
  return figures.reviewCount === 0 ? null : Math.round((figures.ratingTotal / figures.reviewCount) * 10) / 10;
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
    reviewCount: row.reviewCount,
    averageRating: averageRating(row),
    variantCount: row.variantCount,
  };
}

/** What a part's own page shows besides the catalogue's fields: its gallery and specifications. */
export const partPageColumns = { ...toolColumns, specifications: tools.specifications, images: galleryColumn };

export interface PartPageView extends ToolView {
  /** The part's images in order, the first being `img`. */
  images: GalleryImage[];
  /** The specifications table's rows, in order. */
  specifications: Specification[];
}

export function toPartPageView(row: ToolRow & { specifications: Specification[]; images: GalleryImage[] }): PartPageView {
  return { ...toToolView(row), images: row.images, specifications: row.specifications };
}

/** Parts not retired: retired parts stay in the table for the orders that name them. */
export const notRetired = isNull(tools.removedAt);

/** Parts, not their variants: every list of parts reads these rows only. */
const isPart = isNull(tools.variantOf);

/** Parts not retired, without their variants: what admins list and export. */
export const partNotRetired = and(notRetired, isPart)!;

/** Parts in the catalogue for visitors: not retired, not hidden by an admin, and not a variant. */
export const listed = and(notRetired, eq(tools.hidden, false), isPart)!;

const adminColumns = {
  hidden: tools.hidden,
  version: tools.version,
  categoryId: tools.categoryId,
  compatibility: tools.compatibility,
  specifications: tools.specifications,
  images: galleryColumn,
};

/** What Manage product lists of a part: the catalogue's fields, whether it is hidden, its version, category, compatibility, specifications and gallery. */
export const adminListColumns = { ...toolColumns, ...adminColumns };

/** The edit form's part: its own row's price and stock (its default variant's), which the form edits. */
export const adminToolColumns = {
  ...partColumns,
  priceCents: tools.priceCents,
  available: tools.available,
  variantCount: tools.variantCount,
  ...adminColumns,
};

export type AdminToolRow = Pick<typeof tools.$inferSelect, Exclude<keyof typeof adminToolColumns, 'images'>> & {
  images: GalleryImage[];
};

export interface AdminToolView extends ToolView {
  hidden: boolean;
  /** The version an edit names, so an edit from an older version is refused. */
  version: number;
  /** The category the editor's select shows; null for none. */
  categoryId: string | null;
  /** The standards the part depends on, as the editor shows them. */
  compatibility: Compatibility;
  /** The gallery as the editor shows it, cover first. */
  images: GalleryImage[];
  specifications: Specification[];
}

export function toAdminToolView(row: AdminToolRow): AdminToolView {
  return {
    ...toToolView(row),
    hidden: row.hidden,
    version: row.version,
    categoryId: row.categoryId,
    compatibility: row.compatibility,
    images: row.images,
    specifications: row.specifications,
  };
}
