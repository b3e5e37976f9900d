// A part's compatibility and a bike's standards as zod schemas, over the list in bike-standards.ts:
// unknown standards and values refused by name, the result in the list's order. Apart from that
// list so the catalogue's first screen, which reads the list, loads no zod.
import { z } from 'zod';
import {
  isStandard,
  isValueOf,
  normalBikeSpec,
  standardIds,
  valuesOf,
  type BikeSpec,
  type Compatibility,
  type StandardId,
} from './bike-standards';
import { messages } from './messages';

/** The most values one part may name for one standard: every value the standard has. */
const VALUES_MAX = 20;

/** Keys outside the fixed list and values outside their standard's list, each named in its message. */
function refuseUnknown(value: Record<string, unknown>, context: z.RefinementCtx, checkValues: (standard: StandardId) => void) {
  for (const name of Object.keys(value)) {
    if (!isStandard(name)) context.addIssue({ code: 'custom', message: messages.standardUnknown(name), path: [name] });
    else checkValues(name);
  }
}

/** A part's compatibility: only the standards it depends on, each with at least one value, listed once. */
export const compatibilitySchema = z
  .record(
    z.string(),
    z
      .array(z.string({ error: messages.compatibilityInvalid }), { error: messages.compatibilityInvalid })
      .min(1, messages.compatibilityEmptyStandard)
      .max(VALUES_MAX, messages.compatibilityInvalid),
    { error: messages.compatibilityInvalid },
  )
  .superRefine((value, context) =>
    refuseUnknown(value, context, (standard) => {
      for (const item of value[standard] ?? []) {
        if (!isValueOf(standard, item)) {
          context.addIssue({ code: 'custom', message: messages.standardValueUnknown(standard, item), path: [standard] });
        }
      }
    }),
  )
  .transform((value) => normalCompatibility(value as Compatibility));

/** A bike's standards: one known value per standard, the rest left out. */
export const bikeSpecSchema = z
  .record(z.string(), z.string({ error: messages.compatibilityInvalid }), { error: messages.compatibilityInvalid })
  .superRefine((value, context) =>
    refuseUnknown(value, context, (standard) => {
      const item = value[standard];
      if (item !== undefined && !isValueOf(standard, item)) {
        context.addIssue({ code: 'custom', message: messages.standardValueUnknown(standard, item), path: [standard] });
      }
    }),
  )
  .transform((value) => normalBikeSpec(value as BikeSpec));

/** The same compatibility in the fixed order, each value once and in list order: equal parts read equal. */
function normalCompatibility(value: Compatibility): Compatibility {
  const normal: Record<string, string[]> = {};
  for (const standard of standardIds) {
    const named = value[standard] as string[] | undefined;
    if (named) normal[standard] = valuesOf(standard).filter((item) => named.includes(item));
  }
  return normal;
}
