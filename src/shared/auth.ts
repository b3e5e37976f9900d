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

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100),
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
