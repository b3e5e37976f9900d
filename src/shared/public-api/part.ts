// The catalogue as the public API promises it: parts, their variants, reviews and categories.
// Each route parses its procedure's answer through these schemas, so a field the shop adds
// internally never reaches an integration unless it is added here, and a field removed from a
// procedure breaks a test before it breaks an integration.
import { z } from 'zod';
import { moneySchema } from './money';

const idOf = (what: string) => z.uuid().meta({ description: `The ${what}'s id.`, example: '3f1c2a9e-8b7d-4c55-9a0e-2d6f4b1e7a10' });

/** Each page of a list: its items and the cursor of the next page (null on the last). */
export function pageSchema<Item extends z.ZodType>(item: Item, id: string) {
  return z
    .object({
      items: z.array(item),
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: 'Pass as `cursor` to read the next page; null on the last page.', example: '42' }),
    })
    .meta({ id });
}

const partSummarySchema = z
  .object({
    id: idOf('part'),
    name: z.string().meta({ example: 'Chainring 50T' }),
    img: z.string().meta({ description: 'Path or URL of the cover image.', example: '/images/chainring.webp' }),
    price: moneySchema('The lowest price over its variants.'),
    minimumOrderQuantity: z.int().min(1).meta({ example: 1 }),
    available: z.int().min(0).meta({ description: 'Units in stock, summed over its variants.', example: 12 }),
    description: z.string(),
    reviewCount: z.int().min(0),
    averageRating: z.number().nullable().meta({ description: 'Average rating to one decimal; null without reviews.', example: 4.5 }),
    variantCount: z.int().min(1).meta({ description: 'How many options the part comes in; 1 for a part without options.' }),
  })
  .meta({ id: 'PartSummary', description: 'A part as lists show it.' });

const variantSchema = z
  .object({
    id: idOf('variant'),
    sku: z.string().nullable(),
    optionValues: z
      .record(z.string(), z.string())
      .meta({ description: 'The options chosen, e.g. { "size": "M" }; {} for the default.' }),
    price: moneySchema('The variant’s unit price.'),
    available: z.int().min(0),
    minimumOrderQuantity: z.int().min(1),
    img: z.string(),
  })
  .meta({ id: 'Variant', description: 'One option a part comes in; the first is the part’s own row.' });

export const partSchema = partSummarySchema
  .extend({
    images: z.array(z.object({ path: z.string(), alt: z.string() })).meta({ description: 'The gallery, cover first.' }),
    specifications: z.array(z.object({ name: z.string(), value: z.string() })).meta({ description: 'Specification rows in order.' }),
    variants: z.array(variantSchema),
  })
  .meta({ id: 'Part', description: 'One part on sale, with its gallery, specifications and variants.' });

export const partPageSchema = pageSchema(partSummarySchema, 'PartPage');

const reviewSchema = z
  .object({
    id: idOf('review'),
    name: z.string().meta({ description: 'The reviewer’s public name.' }),
    img: z.string(),
    rating: z.int().min(1).max(5),
    text: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Review' });

export const reviewPageSchema = pageSchema(reviewSchema, 'ReviewPage').extend({
  total: z.int().min(0).meta({ description: 'How many reviews the part has.' }),
  averageRating: z.number().nullable(),
});

interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  children: CategoryNode[];
}

const categorySchema: z.ZodType<CategoryNode> = z
  .object({
    id: idOf('category'),
    name: z.string().meta({ example: 'Drivetrain' }),
    slug: z.string().meta({ example: 'drivetrain' }),
    get children() {
      return z.array(categorySchema);
    },
  })
  .meta({ id: 'Category', description: 'A category with its subcategories in order.' });

export const categoryTreeSchema = z.object({ items: z.array(categorySchema) }).meta({ id: 'CategoryTree' });
