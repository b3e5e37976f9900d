// The bearer a test sends to /api/v1 as a customer's integration would. Until API keys are merged
// this is the customer's session token, which the public API also takes; with keys, it becomes a key
// with the scopes asked for, made for that customer, so the same tests run as a real integration.
import type { TestShop, TestUser } from './test-shop';

export type ApiScope = 'catalogue:read' | 'orders:read' | 'orders:write';

export function apiKeyFor(_shop: TestShop, user: TestUser, _scopes: readonly ApiScope[]): Promise<string> {
  return Promise.resolve(user.token);
}
