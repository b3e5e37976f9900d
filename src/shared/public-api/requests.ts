// What the public API's paths and query strings take. Query values arrive as text: these schemas
// turn them into what the procedures take, which check them again with the shop's own rules.
import { z } from 'zod';
import { catalogueSorts } from '../catalogue-sorts';
import { PAGE_SIZE_MAX } from '../constants';
import { idSchema } from '../common';
import { messages } from '../messages';
import { apiMessages } from './messages';

export const idParamsSchema = z.object({ id: idSchema.meta({ description: 'The id, a UUID.' }) });

const limitSchema = z
  .string()
  .regex(/^\d{1,3}$/, apiMessages.limitInvalid)
  .transform(Number)
  .pipe(z.int().min(1, apiMessages.limitInvalid).max(PAGE_SIZE_MAX, apiMessages.limitInvalid))
  .optional()
  .meta({ description: `Items per page, 1 to ${PAGE_SIZE_MAX}; default 24.`, example: '24' });

const cursorSchema = z
  .string()
  .max(40, messages.cursorInvalid)
  .optional()
  .meta({ description: 'The `nextCursor` of the previous page.' });

export const pageQuerySchema = z.object({ limit: limitSchema, cursor: cursorSchema });

export const searchQuerySchema = pageQuerySchema.extend({
  q: z.string().max(200, messages.searchTooLong).optional().meta({ description: 'Words to find in names and descriptions.' }),
  sort: z.enum(catalogueSorts, { error: messages.sortInvalid }).optional().meta({ description: 'Default relevance.' }),
  inStock: z
    .enum(['true', 'false'], { error: apiMessages.inStockInvalid })
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: 'Only parts in stock.' }),
});
