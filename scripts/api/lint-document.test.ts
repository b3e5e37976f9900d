// The committed OpenAPI document passes Redocly's recommended rules (redocly.yaml), so the
// reference page, the typed client and other people's generators read it as it is meant.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { API_DOCUMENT } from './client-types';
import { lintApiDocument } from './lint-document';

const scratch = mkdtempSync(join(tmpdir(), 'sprocket-api-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('the committed API document has no lint problems', async () => {
  expect(await lintApiDocument(API_DOCUMENT)).toEqual([]);
});

test('names the rule and the place of a problem', async () => {
  const path = join(scratch, 'openapi.json');
  writeFileSync(
    path,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Broken', version: '1.0.0', license: { name: 'MIT', identifier: 'MIT' } },
      servers: [{ url: 'https://shop.example' }],
      paths: { '/api/v1/parts': { get: { summary: 'List parts', responses: { '200': { description: 'A page' } } } } },
    }),
  );
  expect(await lintApiDocument(path)).toContainEqual(
    expect.objectContaining({
      rule: 'operation-operationId',
      where: expect.stringContaining('/paths/~1api~1v1~1parts/get') as unknown,
    }),
  );
});
