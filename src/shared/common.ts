// Schemas shared by every domain: ids and pages.
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { messages } from './messages';

export const idSchema = z.uuid({ error: messages.idInvalid });

/** Text a person types: no control characters but tabs and line breaks (Postgres cannot store NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
export const TYPED_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export const pageInputSchema = z.object({
  limit: z
    .number({ error: messages.pageSizeInvalid })
    .int(messages.pageSizeInvalid)
    .min(1, messages.pageSizeInvalid)
    .max(PAGE_SIZE_MAX, messages.pageSizeInvalid)
    .default(PAGE_SIZE_DEFAULT),
  /** Opaque position returned as nextCursor by the previous page. */
  cursor: z
    .string({ error: messages.cursorInvalid })
    .regex(/^\d{1,15}$/, messages.cursorInvalid)
    .optional(),
});

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
