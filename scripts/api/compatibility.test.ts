// The compatibility verdict on two small documents: what an integration built against the first
// would notice in the second is breaking, what it would not is compatible.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { compatibilityVerdict, verdictMessage, type ApiDocument } from './compatibility';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

/** One order schema used by an answer and by a request, as the real document shares its components. */
function shop() {
  const order = {
    type: 'object',
    required: ['id', 'status'],
    properties: { id: { type: 'string' }, status: { type: 'string', enum: ['unpaid', 'paid'] } },
  };
  const placeBody = { type: 'object', required: ['partId'], properties: { partId: { type: 'string' } } };
  return {
    openapi: '3.1.0',
    info: { title: 'Shop', version: '1.0.0' },
    paths: {
      '/api/v1/orders/{id}': {
        get: {
          operationId: 'getOrder',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'The order', ...json({ $ref: '#/components/schemas/Order' }) } },
        },
      },
      '/api/v1/orders': {
        post: {
          operationId: 'placeOrder',
          requestBody: { required: true, ...json({ $ref: '#/components/schemas/PlaceOrder' }) },
          responses: { '201': { description: 'Placed', ...json({ $ref: '#/components/schemas/Order' }) } },
        },
      },
    },
    components: { schemas: { Order: order, PlaceOrder: placeBody } },
  };
}

describe('compatibilityVerdict', () => {
  test('the same document is unchanged', () => {
    expect(compatibilityVerdict(shop(), shop())).toEqual({ kind: 'unchanged' });
  });

  test('a field removed from an answer is breaking', () => {
    const next = shop();
    next.components.schemas.Order.required = ['id'];
    delete (next.components.schemas.Order.properties as Partial<typeof next.components.schemas.Order.properties>).status;
    const verdict = compatibilityVerdict(shop(), next);
    expect(verdict.kind).toBe('breaking');
    expect(verdict).toMatchObject({
      changes: expect.arrayContaining([expect.stringMatching(/property `status`.*Response 200/)]) as unknown,
    });
  });

  test('a removed operation is breaking', () => {
    const next: ApiDocument = shop();
    delete next.paths?.['/api/v1/orders/{id}'];
    expect(compatibilityVerdict(shop(), next)).toMatchObject({
      kind: 'breaking',
      changes: [expect.stringContaining('operation GET /api/v1/orders/{id}')],
    });
  });

  test('a new required field in a request is breaking', () => {
    const next = shop();
    next.components.schemas.PlaceOrder.required.push('quantity');
    Object.assign(next.components.schemas.PlaceOrder.properties, { quantity: { type: 'integer' } });
    expect(compatibilityVerdict(shop(), next).kind).toBe('breaking');
  });

  test('a new value in an answer’s enum is breaking', () => {
    const next = shop();
    next.components.schemas.Order.properties.status.enum.push('refunded');
    expect(compatibilityVerdict(shop(), next).kind).toBe('breaking');
  });

  test('an optional field added to an answer is compatible', () => {
    const next = shop();
    Object.assign(next.components.schemas.Order.properties, { note: { type: 'string' } });
    expect(compatibilityVerdict(shop(), next)).toMatchObject({
      kind: 'compatible',
      changes: expect.arrayContaining([expect.stringMatching(/property `note`/)]) as unknown,
    });
  });

  test('an optional field added to a request and a new operation are compatible', () => {
    const next = shop();
    Object.assign(next.components.schemas.PlaceOrder.properties, { note: { type: 'string' } });
    Object.assign(next.paths, {
      '/api/v1/parts': {
        get: { operationId: 'listParts', responses: { '200': { description: 'Parts', ...json({ type: 'array' }) } } },
      },
    });
    expect(compatibilityVerdict(shop(), next).kind).toBe('compatible');
  });
});

describe('verdictMessage', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'sprocket-api-compat-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const promisedPath = join(scratch, 'openapi-v1.json');
  writeFileSync(promisedPath, JSON.stringify(shop()));

  test('says nothing when the code serves the promised document', () => {
    expect(verdictMessage(shop(), promisedPath)).toBeNull();
  });

  test('lists a breaking change and asks for a compatible change or a new major version', () => {
    const next: ApiDocument = shop();
    delete next.paths?.['/api/v1/orders'];
    const message = verdictMessage(next, promisedPath);
    expect(message).toContain('operation POST /api/v1/orders');
    expect(message).toContain('new major version');
  });

  test('asks for the document to be regenerated and a changelog entry for a compatible change', () => {
    const next = shop();
    Object.assign(next.components.schemas.Order.properties, { note: { type: 'string' } });
    expect(verdictMessage(next, promisedPath)).toMatch(/npm run api:document.*api\/CHANGELOG\.md/s);
  });

  test('asks for the new document when the major version has none', () => {
    expect(verdictMessage({ ...shop(), info: { version: '2.0.0' } })).toContain('api/openapi-v2.json is missing');
  });
});
