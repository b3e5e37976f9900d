// The typed client's committed types are what the committed OpenAPI document generates, so the
// client never promises a shape the API does not.
import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { API_DOCUMENT, CLIENT_TYPES, clientTypesFor } from './client-types';

test('the client’s types are generated from the committed document (else run npm run api:client-types)', async () => {
  const committed = await readFile(CLIENT_TYPES, 'utf8');
  expect(committed === (await clientTypesFor(API_DOCUMENT)), `${CLIENT_TYPES} is stale: run npm run api:client-types`).toBe(true);
});
