// What the API keys' page and the server say about keys, word for word, on both sides.
import { apiScopeLabels, type ApiScope } from './api-scopes';

export const apiKeyMessages = {
  nameRequired: 'Give the key a name that says what uses it, e.g. "Warehouse sync".',
  nameTooLong: 'A key name has at most 60 characters.',
  scopesRequired: 'Choose at least one thing the key may do.',
  scopeUnknown: 'Choose the scopes from the list.',
  forShopInvalid: 'Choose whether the key is for the shop or for your own account.',
  shopKeyAdminOnly: 'Only an admin can create a key for the shop.',
  businessOnly: 'API keys are for business accounts: add your company name and VAT ID on My Profile first.',
  tooManyKeys: (max: number) => `An account can have at most ${max} active keys. Revoke one you no longer use first.`,
  keyNotFound: 'There is no such API key, or it is not yours.',
  keyInvalid: 'This API key is not valid: it was revoked, or its account can no longer use it. Create a new key on the API keys page.',
  keyNotForThis: 'API keys cannot be used for this. Sign in to the shop instead.',
  keyMissingScope: (scope: ApiScope) => `This API key may not do this: it needs the scope "${apiScopeLabels[scope]}" (${scope}).`,
  shownOnce: 'Copy this key now: it will not be shown again.',
  confirmRevoke: (name: string) => `Revoke the key "${name}"? Programs using it are refused at once. This cannot be undone.`,
  keepKey: 'Keep key',
  revokeKey: 'Revoke key',
} as const;
