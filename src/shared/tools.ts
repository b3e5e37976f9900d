// Part (tool) inputs: the add-product form and catalog reads.
import { z } from 'zod';
import { TYPED_TEXT } from './common';
import { MAX_PRICE_DOLLARS, MAX_QUANTITY } from './constants';
import { messages } from './messages';
import { isWholeCents } from './money';

const imageUrlSchema = z
  .string({ error: messages.productImageInvalid })
  .trim()
  .max(2048, messages.productImageInvalid)
  .regex(/^(https:\/\/[^\s]+|\/images\/[A-Za-z0-9._/-]+)$/, messages.productImageInvalid)
  .regex(TYPED_TEXT, messages.productImageInvalid);

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
});
export type CreateToolInput = z.infer<typeof createToolSchema>;
