// The emails the shop sends (about an order, or about the account itself), and where each stands
// in the outbox.
import { z } from 'zod';
import { accountEmailKinds } from './account-links';
import { idSchema } from './common';

export const orderEmailKinds = ['booking', 'order_placed', 'payment_received', 'shipped', 'cancelled', 'expired', 'refunded'] as const;
export type OrderEmailKind = (typeof orderEmailKinds)[number];

export const emailKinds = [...orderEmailKinds, ...accountEmailKinds] as const;
export type EmailKind = (typeof emailKinds)[number];

/** pending: waiting for its first or next attempt; sent; failed: gave up after the last attempt. */
export const emailStatuses = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailIdSchema = z.object({ id: idSchema });
