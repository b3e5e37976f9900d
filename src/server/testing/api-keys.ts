// API keys for the suites: a business customer who may create one, and a key made through the
// procedure (so its rules apply) with the header a program sends it in.
import type { ApiScope } from '../../shared/api-scopes';
import { LYON_VAT_ID } from './checkout';
import type { TestShop, TestUser } from './test-shop';

/** A customer whose profile names a company and a VAT ID: a business, who may create keys. */
export function createBusinessCustomer(shop: TestShop): Promise<TestUser> {
  return shop.createUser('user', { companyName: 'Vélo Lyon SARL', vatId: LYON_VAT_ID });
}

export interface TestApiKey {
  id: string;
  key: string;
  headers: { authorization: string };
}

/** A key of `who` with these scopes: the shop's when `forShop` (an admin's), else their own. */
export async function createTestApiKey(shop: TestShop, who: TestUser, scopes: ApiScope[], forShop = false): Promise<TestApiKey> {
  const { key, apiKey } = await shop.caller(who.user).apiKeys.create({ name: `Test key ${scopes.join(' ')}`, scopes, forShop });
  return { id: apiKey.id, key, headers: { authorization: `Bearer ${key}` } };
}
