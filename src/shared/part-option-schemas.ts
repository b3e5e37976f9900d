// The zod schemas of part variants: option values and an admin's added or edited variant. Kept
// apart from part-options.ts so the part page's first screen loads no zod.
import { z } from 'zod';
import { idSchema, TYPED_TEXT } from './common';
import { messages } from './messages';
import { partOptionNames, type OptionValues } from './part-options';
import { createToolSchema } from './tools';

const optionValueSchema = z
  .string({ error: messages.optionValueInvalid })
  .trim()
  .min(1, messages.optionValueInvalid)
  .max(40, messages.optionValueInvalid)
  .regex(TYPED_TEXT, messages.textHasControlCharacters);

/** A variant's option values: names from the fixed list only, each with a short value; at least one. */
const optionValuesSchema = z
  .record(z.string(), optionValueSchema, { error: messages.variantOptionsRequired })
  .superRefine((values, context) => {
    for (const name of Object.keys(values)) {
      if (!(partOptionNames as string[]).includes(name)) {
        context.addIssue({ code: 'custom', message: messages.optionUnknown(name), path: [name] });
      }
    }
  })
  .refine((values) => Object.keys(values).length > 0, messages.variantOptionsRequired)
  .transform((values) => values as OptionValues);

const skuSchema = z
  .string({ error: messages.skuInvalid })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{1,39}$/, messages.skuInvalid)
  .transform((sku) => sku.toUpperCase());

const variantFields = {
  optionValues: optionValuesSchema,
  /** Left out (or null) for none; unique across the shop when given. */
  sku: skuSchema.nullable().optional(),
  price: createToolSchema.shape.price,
  minimumOrderQuantity: createToolSchema.shape.minimumOrderQuantity,
  available: createToolSchema.shape.available,
  /** The variant's own picture; left out for the part's. */
  img: createToolSchema.shape.img.optional(),
};

/** A variant an admin adds to a part. */
export const addVariantSchema = z.object({ partId: idSchema, ...variantFields });
export type AddVariantInput = z.infer<typeof addVariantSchema>;

/**
 * An admin's edit of a variant (the part's own row too, as its default variant): the version the
 * form was loaded at and the stock it showed, as a part's edit names them.
 */
export const editVariantSchema = z.object({
  id: idSchema,
  version: z.number({ error: messages.partEditConflict }).int(messages.partEditConflict).min(1, messages.partEditConflict),
  availableWas: createToolSchema.shape.available,
  ...variantFields,
});
export type EditVariantInput = z.infer<typeof editVariantSchema>;

export const retireVariantSchema = z.object({ id: idSchema });
