// Sign-in, sign-up and session-exchange inputs (SPEC.md §5, DESIGN.md "Identity and sessions").
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { messages } from './messages';

/**
 * Accepts every common real address (dots, plus signs, sub-domains, long top-level domains);
 * SPEC.md's original pattern refused many of them.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

const passwordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

/** A new password chosen from a reset email's link, by the sign-up form's rules. */
export const newPasswordSchema = z.object({ password: passwordSchema });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Longest display name the shop shows. */
export const DISPLAY_NAME_MAX_LENGTH = 100;

/**
 * Control characters (C0, DEL, C1) and the Unicode direction overrides and isolates, which can
 * make a name shown beside a review or in an admin's list read as something else.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const INVISIBLE_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** A person's display name, typed at sign-up or brought by the identity provider. */
export const displayNameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(DISPLAY_NAME_MAX_LENGTH, messages.displayNameTooLong)
  .refine((name) => !INVISIBLE_OR_BIDI.test(name), messages.displayNameInvalid);

export const signupSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.infer<typeof signupSchema>;

export const createSessionSchema = z.object({
  email: emailSchema,
  /** The Firebase ID token proving the sign-in. */
  idToken: z
    .string({ error: messages.identityTokenInvalid })
    .min(1, messages.identityTokenInvalid)
    .max(8192, messages.identityTokenInvalid),
});
