// The one error shape every /api/v1 answer that is not a success carries (http/error-response.ts
// writes it): a stable code a program branches on and a sentence a person reads.
import { z } from 'zod';

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({
        description: 'Stable machine-readable code (BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_MANY_REQUESTS, …).',
        example: 'BAD_REQUEST',
      }),
      message: z.string().meta({ description: 'What went wrong, in a sentence for a person.', example: 'This id is not valid.' }),
    }),
  })
  .meta({ id: 'Error', description: 'Every refusal and failure: a code and a message.' });
