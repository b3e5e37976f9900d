// Schemas shared by every domain: ids and pages.
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

export const idSchema = z.uuid({ error: 'Malformed id' });

export const pageInputSchema = z.object({
  limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** Opaque position returned as nextCursor by the previous page. */
  cursor: z.string().regex(/^\d{1,15}$/, 'Malformed cursor').optional(),
});
export type PageInput = z.input<typeof pageInputSchema>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
