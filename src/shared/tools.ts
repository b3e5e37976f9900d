// Part (tool) inputs: the add-product form and catalog reads.
import { z } from 'zod';
import { bikeSpecSchema, compatibilitySchema } from './bike-standard-schemas';
import { catalogueSorts } from './catalogue-sorts';
import { idSchema, pageInputSchema, TYPED_TEXT } from './common';
import { MAX_PRICE_DOLLARS, MAX_QUANTITY, SEARCH_TEXT_MAX } from './constants';
import { messages } from './messages';
import { isWholeCents } from './money';
import { specificationsSchema } from './part-specifications';

/**
 * A shop image: /images/ then folders and a file name, none starting with a dot (so never `..`).
 * The server also checks the file exists among the shop's images (domains/catalogue/images.ts).
 */
export const SHOP_IMAGE_PATH = /^\/images\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const imageUrlSchema = z
  .string({ error: messages.productImageInvalid })
  .trim()
  .max(2048, messages.productImageInvalid)
  .regex(TYPED_TEXT, messages.productImageInvalid)
  .refine((url) => /^https:\/\/[^\s]+$/.test(url) || SHOP_IMAGE_PATH.test(url), messages.productImageInvalid);

export const MAX_PART_IMAGES = 8;
export const IMAGE_ALT_MAX = 200;

/** One picture of a part's gallery: an image as the part's `img` takes it, and its alt text. */
const partImageSchema = z.object({
  path: imageUrlSchema,
  alt: z
    .string({ error: messages.imageAltRequired })
    .trim()
    .min(1, messages.imageAltRequired)
    .max(IMAGE_ALT_MAX, messages.imageAltTooLong(IMAGE_ALT_MAX))
    .regex(TYPED_TEXT, messages.textHasControlCharacters),
});
export type PartImage = z.infer<typeof partImageSchema>;

/** A part's gallery in order: the first image is its cover (`img`). */
export const partImagesSchema = z
  .array(partImageSchema, { error: messages.partImagesRequired })
  .min(1, messages.partImagesRequired)
  .max(MAX_PART_IMAGES, messages.tooManyPartImages(MAX_PART_IMAGES))
  .refine((images) => new Set(images.map((image) => image.path)).size === images.length, messages.partImageRepeated);

export const createToolSchema = z.object({
  name: z
    .string({ error: messages.productNameRequired })
    .trim()
    .min(1, messages.productNameRequired)
    .max(120)
    .regex(TYPED_TEXT, messages.textHasControlCharacters),
  price: z
    .number({ error: messages.priceInvalid })
    .positive(messages.priceInvalid)
    .max(MAX_PRICE_DOLLARS, messages.priceInvalid)
    .refine(isWholeCents, messages.priceInvalid),
  img: imageUrlSchema,
  description: z
    .string({ error: messages.productDescriptionRequired })
    .trim()
    .min(1, messages.productDescriptionRequired)
    .max(2000)
    .regex(TYPED_TEXT, messages.textHasControlCharacters),
  minimumOrderQuantity: z
    .number({ error: messages.minimumOrderInvalid })
    .int(messages.minimumOrderInvalid)
    .min(1, messages.minimumOrderInvalid)
    .max(MAX_QUANTITY, messages.minimumOrderInvalid),
  available: z
    .number({ error: messages.availableInvalid })
    .int(messages.availableInvalid)
    .min(0, messages.availableInvalid)
    .max(MAX_QUANTITY, messages.availableInvalid),
  /** The category the part is shown in; null for none, left out to keep the part's current one. */
  categoryId: idSchema.nullable().optional(),
  /** The standards the part depends on; {} for none (it fits every bike), left out to keep the part's current ones. */
  compatibility: compatibilitySchema.optional(),
  /** The specifications table, in order; left out to keep the part's current rows. */
  specifications: specificationsSchema.optional(),
});
export type CreateToolInput = z.infer<typeof createToolSchema>;

/**
 * An admin's edit of a part: every field of the add form, the version the form was loaded at (an
 * edit from an older version is refused), and the stock the form showed, so the stock changes by
 * the difference and units booked meanwhile stay with their bookings.
 */
export const editToolSchema = createToolSchema.extend({
  id: idSchema,
  version: z.number({ error: messages.partEditConflict }).int(messages.partEditConflict).min(1, messages.partEditConflict),
  availableWas: createToolSchema.shape.available,
  /** The whole gallery, cover (`img`) first; left out to keep it, its first image following `img`. */
  images: partImagesSchema.optional(),
});
export type EditToolInput = z.infer<typeof editToolSchema>;

export const setToolHiddenSchema = z.object({
  id: idSchema,
  hidden: z.boolean(),
});

/** The dearest price a part can hold, in cents (a Postgres integer). */
const PRICE_CENTS_MAX = 2 ** 31 - 1;

/**
 * A page position of the catalogue search: a count or a part's seq, or for the price orders the
 * last part's price in cents and its seq. A price no part can hold is no position.
 */
export const searchCursorSchema = z
  .string({ error: messages.cursorInvalid })
  .regex(/^\d{1,15}(\.\d{1,15})?$/, messages.cursorInvalid)
  .refine((cursor) => !cursor.includes('.') || Number(cursor.split('.')[0]) <= PRICE_CENTS_MAX, messages.cursorInvalid);

/**
 * A catalogue search as the URL carries it: words to find in names and descriptions, an order,
 * and whether to show only parts that can be booked (stock at least the minimum order).
 */
export const searchToolsSchema = z.object({
  q: z
    .string({ error: messages.searchInvalid })
    .trim()
    .max(SEARCH_TEXT_MAX, messages.searchTooLong)
    .regex(TYPED_TEXT, messages.textHasControlCharacters)
    .default(''),
  sort: z.enum(catalogueSorts, { error: messages.sortInvalid }).default('relevance'),
  inStock: z.boolean({ error: messages.searchInvalid }).default(false),
  /** Only the parts that fit this bike (its standards, as the URL's ?fits= carries them). */
  fits: bikeSpecSchema.optional(),
  limit: pageInputSchema.shape.limit,
  /** Opaque position returned as nextCursor by the previous page of the same search. */
  cursor: searchCursorSchema.optional(),
});
export type SearchToolsInput = z.input<typeof searchToolsSchema>;
