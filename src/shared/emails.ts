// The emails the shop sends (about an order, or about the account itself), and where each stands
// in the outbox.
import { z } from 'zod';
import { idSchema } from './common';

export const orderEmailKinds = ['booking', 'payment_received', 'shipped', 'cancelled', 'expired', 'refunded'] as const;
export type OrderEmailKind = (typeof orderEmailKinds)[number];

/** The address's verification link, and a forgotten password's reset link (docs/accounts.md). */
export const accountEmailKinds = ['verify_email', 'password_reset'] as const;
export type AccountEmailKind = (typeof accountEmailKinds)[number];

/** The shop's pages each account email's link leads to, with the link's one-time code as ?code=. */
export const accountEmailPages: Record<AccountEmailKind, string> = {
  verify_email: '/verify-email',
  password_reset: '/reset-password',
};

export const emailKinds = [...orderEmailKinds, ...accountEmailKinds] as const;
export type EmailKind = (typeof emailKinds)[number];

/** pending: waiting for its first or next attempt; sent; failed: gave up after the last attempt. */
export const emailStatuses = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailIdSchema = z.object({ id: idSchema });
