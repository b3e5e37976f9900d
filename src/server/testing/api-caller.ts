// The bearer a test sends to /api/v1 as a customer's integration would, and that customer: a
// business (a company and a VAT ID on the profile), as only a business may make API keys. Until API
// keys are merged the bearer is the customer's session token, which the public API also takes; with
// keys it becomes a key with the scopes asked for, made for that customer, so the same tests run
// as a real integration.
import type { ApiScope } from '../../shared/api-scopes';
import { LYON_VAT_ID } from './checkout';
import type { TestShop, TestUser } from './test-shop';

export function createApiCustomer(shop: TestShop): Promise<TestUser> {
  return shop.createUser('user', { companyName: 'Vélo Lyon SARL', vatId: LYON_VAT_ID });
}

export function apiKeyFor(_shop: TestShop, user: TestUser, _scopes: readonly ApiScope[]): Promise<string> {
  return Promise.resolve(user.token);
}
