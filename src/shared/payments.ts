// Payment inputs and the runtime configuration the browser needs to confirm a card.
import { z } from 'zod';
import { MAX_PRICE_DOLLARS, MAX_QUANTITY } from './constants';
import { idSchema } from './common';

export const createIntentSchema = z.object({
  bookingId: idSchema,
  /** The total the customer was shown, in dollars; refused if the server's total differs. */
  price: z
    .number()
    .nonnegative()
    .max(MAX_PRICE_DOLLARS * MAX_QUANTITY)
    .optional(),
});
export type CreateIntentInput = z.infer<typeof createIntentSchema>;

/** What GET /config.json tells the browser (DESIGN.md "Run modes"). */
export interface RuntimeConfig {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId?: string;
    /** Set in embedded mode: the Auth emulator's URL for connectAuthEmulator. */
    emulatorUrl?: string;
  };
  payments: { mode: 'stripe'; publishableKey: string } | { mode: 'emulator'; publishableKey: string; apiBase: string };
}
