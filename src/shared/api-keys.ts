// API keys' inputs and views, shared by the API keys page and the server (docs/api.md "API keys").
import { z } from 'zod';
import { apiKeyMessages } from './api-key-messages';
import { apiScopes, type ApiScope } from './api-scopes';
import { idSchema, TYPED_TEXT } from './common';
import { messages } from './messages';

export const API_KEY_NAME_MAX = 60;
/** Active keys one account may hold: enough for each integration its own, few enough to review. */
export const API_KEYS_ACTIVE_MAX = 20;
/** What every key starts with, so the server tells a key from a session token without a lookup. */
export const API_KEY_PREFIX = 'spk_live_';

export const apiKeyKinds = ['shop', 'customer'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];

export const createApiKeySchema = z.object({
  name: z
    .string({ error: apiKeyMessages.nameRequired })
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(API_KEY_NAME_MAX, apiKeyMessages.nameTooLong)
    .regex(TYPED_TEXT, messages.textHasControlCharacters),
  scopes: z
    .array(z.enum(apiScopes, { error: apiKeyMessages.scopeUnknown }), { error: apiKeyMessages.scopesRequired })
    .min(1, apiKeyMessages.scopesRequired)
    .max(apiScopes.length, apiKeyMessages.scopeUnknown)
    // Each scope once, in the list's order, whatever order the form sent them in.
    .transform((chosen) => apiScopes.filter((scope) => chosen.includes(scope))),
  /** An admin's key for the shop, rather than for their own account. */
  forShop: z.boolean({ error: apiKeyMessages.forShopInvalid }).default(false),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeyIdSchema = z.object({ id: idSchema });

/** A key as the API keys page lists it: never its secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The key's first characters, shown to recognise it (`spk_live_AbCd1234…`). */
  prefix: string;
  scopes: ApiScope[];
  kind: ApiKeyKind;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
