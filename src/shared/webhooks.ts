// Webhooks out: the events an admin may subscribe an endpoint to, where a delivery stands, and the
// inputs of the admin's procedures (the browser's Webhooks page uses the same schemas).
import { z } from 'zod';
import { idSchema, pageInputSchema, TYPED_TEXT } from './common';
import { webhookMessages } from './webhook-messages';

export const webhookEventTypes = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.refunded',
  'order.cancelled',
  'stock.below_minimum_order',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event an admin sends to one endpoint to try it; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** pending: waiting for its first or next attempt; delivered: a 2xx came back; failed: gave up after the last attempt. */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

const WEBHOOK_URL_MAX_LENGTH = 2000;
const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

const eventsSchema = z
  .array(z.enum(webhookEventTypes, { error: webhookMessages.eventUnknown }), { error: webhookMessages.eventsRequired })
  .min(1, webhookMessages.eventsRequired)
  .max(webhookEventTypes.length, webhookMessages.eventsRequired)
  .refine((events) => new Set(events).size === events.length, webhookMessages.eventsRepeated);

const webhookUrlSchema = z
  .string({ error: webhookMessages.urlInvalid })
  .trim()
  .min(1, webhookMessages.urlInvalid)
  .max(WEBHOOK_URL_MAX_LENGTH, webhookMessages.urlInvalid)
  .refine((url) => URL.canParse(url), webhookMessages.urlInvalid);

export const createWebhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: z
    .string({ error: webhookMessages.descriptionInvalid })
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, webhookMessages.descriptionInvalid)
    .regex(TYPED_TEXT, webhookMessages.descriptionInvalid)
    .default(''),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.object({
  id: idSchema,
  events: eventsSchema.optional(),
  enabled: z.boolean({ error: webhookMessages.enabledInvalid }).optional(),
});

export const webhookEndpointIdSchema = z.object({ id: idSchema });
export const webhookDeliveryIdSchema = z.object({ id: idSchema });

export const listWebhookDeliveriesSchema = pageInputSchema.extend({
  endpointId: idSchema.optional(),
  status: z.enum(webhookDeliveryStatuses, { error: webhookMessages.statusUnknown }).optional(),
});

export interface WebhookEndpointView {
  _id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
}

/** What creating an endpoint or rotating its secret answers: the secret, shown to the admin. */
export interface WebhookEndpointWithSecret extends WebhookEndpointView {
  secret: string;
}

export interface WebhookAttemptView {
  attemptedAt: string;
  /** The receiver's HTTP status; null when no answer came (timeout, refused connection, refused address). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The first few hundred bytes of the receiver's answer. */
  responseExcerpt: string | null;
}

export interface WebhookDeliveryView {
  _id: string;
  endpointId: string;
  endpointUrl: string;
  /** The webhook-id header: the same on every attempt and replay, so receivers drop duplicates. */
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  nextAttemptAt: string | null;
  createdAt: string;
  attempts: WebhookAttemptView[];
}
