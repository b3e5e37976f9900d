// What a customer edits on My Profile: the name and photo the shop shows, and the phone and address
// the booking modal starts from. The same rules as sign-up (names) and the booking form (phone,
// address); a blank field means "none".
import { z } from 'zod';
import { displayNameSchema } from './auth';
import { bookingFormSchema } from './bookings';
import { TYPED_TEXT } from './common';
import { messages } from './messages';
import { isValidVatIdFormat, normaliseVatId, VAT_ID_FORMAT_MESSAGE } from './vat-ids';

/** Google's profile-photo hosts; any other photo is not shown (a tracking pixel, a local address). */
const ALLOWED_PHOTO_HOST = /^lh\d\.googleusercontent\.com$/;
const PHOTO_URL_MAX_LENGTH = 2048;

/** The photo address as the shop keeps it (normalised), or null when the shop would not show it. */
export function allowedPhotoUrl(photoUrl: string | null): string | null {
  if (photoUrl === null || photoUrl.length > PHOTO_URL_MAX_LENGTH || !URL.canParse(photoUrl)) return null;
  const url = new URL(photoUrl);
  return url.protocol === 'https:' && url.username === '' && url.password === '' && ALLOWED_PHOTO_HOST.test(url.hostname)
    ? url.href
    : null;
}

/** Text where nothing typed (or null) means none; anything typed must pass `rule`. */
function noneWhenBlank<T extends z.ZodType<string, string>>(rule: T) {
  return z
    .string({ error: messages.requestInvalid })
    .trim()
    .nullable()
    .transform((value) => (value === '' ? null : value))
    .pipe(rule.nullable());
}

const photoUrlSchema = z
  .string()
  .refine((url) => allowedPhotoUrl(url) !== null, messages.photoUrlNotAllowed)
  .transform((url) => allowedPhotoUrl(url) ?? url);

const companyNameSchema = z
  .string()
  .max(100, 'A company name has at most 100 characters.')
  .regex(TYPED_TEXT, messages.textHasControlCharacters);

const businessVatIdSchema = z
  .string()
  .transform(normaliseVatId)
  .refine((vatId) => isValidVatIdFormat(vatId), VAT_ID_FORMAT_MESSAGE);

/**
 * The profile. A company name and a VAT ID make the customer a business: the checkout starts from
 * them (an EU business abroad is then reverse-charged). Left out, they stay as they are.
 */
export const accountProfileSchema = z.object({
  displayName: displayNameSchema,
  photoUrl: noneWhenBlank(photoUrlSchema),
  phone: noneWhenBlank(bookingFormSchema.shape.phone),
  address: noneWhenBlank(bookingFormSchema.shape.address),
  companyName: noneWhenBlank(companyNameSchema).optional(),
  vatId: noneWhenBlank(businessVatIdSchema).optional(),
});
/** The form's values: text fields, blank (or null) for none. */
export type AccountProfileInput = z.input<typeof accountProfileSchema>;
export type AccountProfile = z.output<typeof accountProfileSchema>;
