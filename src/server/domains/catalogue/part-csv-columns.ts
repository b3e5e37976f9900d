// The parts CSV's columns, in file order: what the export writes of a part and what the import
// makes of each cell before the part editor's rules check it. A new part field joins the file by
// one entry in partCsvColumns, its rule in partCsvRowSchema and its column in csvPartColumns.
import { z } from 'zod';
import { idSchema } from '../../../shared/common';
import { messages } from '../../../shared/messages';
import { DEFAULT_PART_IMAGE } from '../../../shared/constants';
import { readSpecificationsCell, specificationsCell, type Specification } from '../../../shared/part-specifications';
import { createToolSchema } from '../../../shared/tools';
import { categories, tools } from '../../db/schema';

/** What the file holds of a part, read with its category (left joined) for the export and to compare an import with. */
export const csvPartColumns = {
  id: tools.id,
  name: tools.name,
  description: tools.description,
  priceCents: tools.priceCents,
  minimumOrderQuantity: tools.minimumOrderQuantity,
  available: tools.available,
  hidden: tools.hidden,
  categorySlug: categories.slug,
  img: tools.img,
  specifications: tools.specifications,
};

export interface CsvPart {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  minimumOrderQuantity: number;
  available: number;
  hidden: boolean;
  categorySlug: string | null;
  img: string;
  specifications: Specification[];
}

/**
 * A row of the import, checked with the part editor's own rules (createToolSchema), so a cell is
 * refused with the message the editor gives for the same value. An empty id adds a part.
 */
export const partCsvRowSchema = createToolSchema.omit({ categoryId: true }).extend({
  id: idSchema.nullable(),
  hidden: z.boolean({ error: messages.partsCsvHiddenInvalid }),
  categorySlug: z.string().nullable(),
});
export type PartCsvRow = z.infer<typeof partCsvRowSchema>;

interface PartCsvColumn {
  header: string;
  /** The cell the export writes for a part. */
  cell: (part: CsvPart) => string;
  /** The row field the cell gives the import; partCsvRowSchema checks it. */
  field: keyof PartCsvRow;
  read: (cell: string) => unknown;
}

/** Digits with an optional decimal part: Number() alone would also take "0x10", "1e3" and "". */
const decimal = (cell: string) => (/^\d+(\.\d+)?$/.test(cell.trim()) ? Number(cell) : Number.NaN);
const whole = (cell: string) => (/^\d+$/.test(cell.trim()) ? Number(cell) : Number.NaN);
const emptyAsNull = (cell: string) => (cell.trim() === '' ? null : cell.trim());
const flags = new Map([
  ['true', true],
  ['false', false],
]);

export const partCsvColumns: readonly PartCsvColumn[] = [
  { header: 'id', cell: (part) => part.id, field: 'id', read: emptyAsNull },
  { header: 'name', cell: (part) => part.name, field: 'name', read: (cell) => cell },
  { header: 'description', cell: (part) => part.description, field: 'description', read: (cell) => cell },
  // Dollars with two decimals, as the part editor takes them.
  { header: 'price', cell: (part) => (part.priceCents / 100).toFixed(2), field: 'price', read: decimal },
  {
    header: 'minimum order quantity',
    cell: (part) => String(part.minimumOrderQuantity),
    field: 'minimumOrderQuantity',
    read: whole,
  },
  { header: 'stock', cell: (part) => String(part.available), field: 'available', read: whole },
  { header: 'hidden', cell: (part) => String(part.hidden), field: 'hidden', read: (cell) => flags.get(cell.trim().toLowerCase()) },
  { header: 'category', cell: (part) => part.categorySlug ?? '', field: 'categorySlug', read: emptyAsNull },
  // A new part without a picture shows the one the shop shows for a missing image.
  { header: 'image', cell: (part) => part.img, field: 'img', read: (cell) => (cell.trim() === '' ? DEFAULT_PART_IMAGE : cell) },
  // "name: value; name: value" (a backslash keeps a colon or semicolon as text); empty for none.
  {
    header: 'specifications',
    cell: (part) => specificationsCell(part.specifications),
    field: 'specifications',
    read: readSpecificationsCell,
  },
];

export const partCsvHeaders = partCsvColumns.map((column) => column.header);
