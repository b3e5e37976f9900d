// Review inputs: the add-review form, and a part's reviews.
import { z } from 'zod';
import { idSchema, pageInputSchema, TYPED_TEXT } from './common';
import { RATING_MAX, RATING_MIN } from './constants';
import { messages } from './messages';

export const createReviewSchema = z.object({
  rating: z
    .number({ error: messages.ratingOutOfRange })
    .int(messages.ratingOutOfRange)
    .min(RATING_MIN, messages.ratingOutOfRange)
    .max(RATING_MAX, messages.ratingOutOfRange),
  text: z
    .string({ error: messages.reviewTextRequired })
    .trim()
    .min(1, messages.reviewTextRequired)
    .max(1000)
    .regex(TYPED_TEXT, messages.textHasControlCharacters),
  /** The part the review is about; without one (or a form's empty choice) it is about the shop. */
  toolsId: z
    .union([idSchema, z.literal('')])
    .optional()
    .transform((id) => id || undefined),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;
/** What the form holds: its part choice may be empty. */
export type CreateReviewFormInput = z.input<typeof createReviewSchema>;

export const partReviewsSchema = pageInputSchema.extend({ toolsId: idSchema });
