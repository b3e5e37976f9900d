// A customer's saved bikes: the inputs of the profile's "My bikes" and the catalogue's fits filter.
import { z } from 'zod';
import { bikeSpecSchema } from './bike-standard-schemas';
import { idSchema, TYPED_TEXT } from './common';
import { messages } from './messages';

/** A few bikes per customer: a household's, not a fleet's. */
export const BIKES_MAX = 10;
export const BIKE_NAME_MAX = 60;

const bikeNameSchema = z
  .string({ error: messages.bikeNameRequired })
  .trim()
  .min(1, messages.bikeNameRequired)
  .max(BIKE_NAME_MAX, messages.bikeNameRequired)
  .regex(TYPED_TEXT, messages.textHasControlCharacters);

/** A bike as the profile's form sends it: a name and the standards its owner knows. */
export const bikeFormSchema = z.object({ name: bikeNameSchema, standards: bikeSpecSchema });
export type BikeFormInput = z.input<typeof bikeFormSchema>;
export type BikeForm = z.output<typeof bikeFormSchema>;

export const updateBikeSchema = bikeFormSchema.extend({ id: idSchema });
export type UpdateBikeInput = z.output<typeof updateBikeSchema>;

export const bikeIdSchema = z.object({ id: idSchema });
