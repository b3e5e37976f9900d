// Drives the API from its OpenAPI document: the operations it lists, requests drawn from each one's
// parameter and body schemas (valid ones, and the edge and wrong-kind values of edge-inputs.ts), and
// a check of each answer against the schema the document gives for its status (Ajv, JSON Schema
// 2020-12, the dialect of OpenAPI 3.1).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { edgeValue, pathSegment, type JsonSchema, type KnownValues } from './edge-inputs';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
  security?: Array<Record<string, string[]>>;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  /** The path as the document writes it, `/api/v1/parts/{id}`. */
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** The JSON body's schema, with its `$ref`s replaced by what they name. */
  body: JsonSchema | undefined;
  /** Whether the operation names a security requirement (a key or a session). */
  needsCaller: boolean;
  /** The statuses the document lists for it. */
  statuses: string[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** The document's operations under `prefix` (the public API's, not the SPEC paths it also describes). */
export function operationsOf(document: OpenApiDocument, prefix: string): ContractOperation[] {
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => {
          const parameters = (operation.parameters ?? []).map((parameter) => ({
            ...parameter,
            schema: parameter.schema && dereference(parameter.schema, document),
          }));
          const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
          const security = operation.security ?? document.security ?? [];
          return {
            operationId: operation.operationId ?? `${method} ${path}`,
            method: method.toUpperCase(),
            path,
            pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
            queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
            body: bodySchema && dereference(bodySchema, document),
            needsCaller: security.some((requirement) => Object.keys(requirement).length > 0),
            statuses: Object.keys(operation.responses ?? {}),
          };
        }),
    );
}

/**
 * The schema with each local `$ref` replaced by its target, to a bounded depth: inputs are not
 * recursive, and a recursive answer schema is validated by Ajv, which follows refs itself.
 */
function dereference(schema: JsonSchema, document: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 8) return {};
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) {
    const name = ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`The document has no schema ${ref}`);
    return dereference(target, document, depth + 1);
  }
  const replaced = Object.entries(schema).map(([key, value]: [string, unknown]): [string, unknown] => {
    if (key === 'properties' && value) {
      return [
        key,
        Object.fromEntries(
          Object.entries(value as Record<string, JsonSchema>).map(([name, sub]) => [name, dereference(sub, document, depth + 1)]),
        ),
      ];
    }
    if (key === 'items' && value) return [key, dereference(value, document, depth + 1)];
    if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      return [key, (value as JsonSchema[]).map((sub) => dereference(sub, document, depth + 1))];
    }
    return [key, value];
  });
  const result = Object.fromEntries(replaced) as JsonSchema & { oneOf?: JsonSchema[] };
  // edge-inputs reads anyOf; for inputs, oneOf's choices are the same values.
  if (result.oneOf && !result.anyOf) return { ...result, anyOf: result.oneOf };
  return result;
}

/**
 * What the test knows of its shop: ids and emails (edge-inputs.ts), and values that pass the shop's
 * own rules by field name (an address whose postal code fits its country, a shipping rate's id),
 * which JSON Schema cannot describe, so that valid requests reach past the input check.
 */
export interface ContractValues extends KnownValues {
  byName: Record<string, readonly unknown[]>;
}

/** A value the schema takes, as a well-behaved client sends it: known ids for uuids, bounds kept. */
function validValue(schema: JsonSchema, known: ContractValues): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validValue(option, known)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {}).map(([key, property]) => {
        const value = namedValue(key, property, known, (own) => validValue(own, known));
        return (required.has(key) ? value : sometimes(value)).map((chosen) => [key, chosen] as const);
      });
      return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter(([, value]) => value !== undefined)));
    }
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, known) : fc.jsonValue(), {
        minLength: (schema as { minItems?: number }).minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? 0, -1000), max: Math.min(schema.maximum ?? 1000, 1000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1000), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if ((schema as { format?: string }).format === 'uuid') return fc.oneof(fc.constantFrom(...known.ids), fc.uuid());
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'xsmall' });
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/**
 * An optional input two times in five: most requests leave most optional inputs out, as clients do,
 * so that one wrong value does not hide what the others reach.
 */
function sometimes<Value>(value: fc.Arbitrary<Value>): fc.Arbitrary<Value | undefined> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: value });
}

/** A parameter's or field's value: one the shop knows by that name, or one drawn from its schema. */
function namedValue(name: string, schema: JsonSchema, known: ContractValues, draw: (schema: JsonSchema) => fc.Arbitrary<unknown>) {
  const examples = known.byName[name] ?? [];
  if (examples.length === 0) return draw(schema);
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...examples) }, { weight: 1, arbitrary: draw(schema) });
}

/** Mostly what a client means to send, else the edges and wrong kinds a careless one does. */
function inputValue(schema: JsonSchema, known: ContractValues): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: validValue(schema, known) }, { weight: 1, arbitrary: edgeValue(schema, known) });
}

export interface ContractRequest {
  method: string;
  url: string;
  body: unknown;
  /** Whether the request carries the caller's credentials. */
  withCaller: boolean;
}

/** Most requests carry the caller's credentials, so they reach past the sign-in check. */
const callerOrNot = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

const asQueryText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function requestsFor(operation: ContractOperation, known: ContractValues): fc.Arbitrary<ContractRequest> {
  const queryValue = (parameter: Parameter) =>
    namedValue(parameter.name, parameter.schema ?? { type: 'string' }, known, (own) => inputValue(own, known)).map(asQueryText);
  const pathValues = fc.tuple(
    ...operation.pathParameters.map((parameter) =>
      namedValue(parameter.name, parameter.schema ?? { type: 'string' }, known, (own) => inputValue(own, known))
        .map(asQueryText)
        // An empty segment is another path (a list, or no route): not this operation's input.
        .filter((text) => text.length > 0),
    ),
  );
  const queryValues = fc.tuple(
    ...operation.queryParameters.map((parameter) => (parameter.required ? queryValue(parameter) : sometimes(queryValue(parameter)))),
  );
  const body = operation.body ? inputValue(operation.body, known) : fc.constant(undefined);
  return fc.record({ pathValues, queryValues, body, withCaller: callerOrNot }).map(({ pathValues, queryValues, body, withCaller }) => {
    let path = operation.path;
    operation.pathParameters.forEach((parameter, index) => {
      path = path.replace(`{${parameter.name}}`, pathSegment(pathValues[index] ?? ''));
    });
    const query = new URLSearchParams();
    operation.queryParameters.forEach((parameter, index) => {
      const value = queryValues[index];
      if (value !== undefined) query.set(parameter.name, value);
    });
    const search = query.size > 0 ? `?${query.toString()}` : '';
    return { method: operation.method, url: path + search, body, withCaller };
  });
}

/** Checks an answer's body against the schema the document gives for its operation and status. */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  // The whole document as one schema, so each answer's schema is found by its JSON pointer and its
  // `#/components/...` refs resolve against the document, recursive ones included.
  ajv.addSchema({ ...document, $id: 'sprocket-api' });
  const compiled = new Map<string, ValidateFunction>();
  const pointer = (...segments: string[]) => segments.map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
  return (operation: ContractOperation, status: string, body: unknown): string[] => {
    const answer = document.paths[operation.path]?.[operation.method.toLowerCase()]?.responses?.[status];
    if (!answer) return [`${status} is not a status the document lists`];
    if (!answer.content?.['application/json']?.schema) return [];
    const key = `${operation.path} ${operation.method} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      const at = pointer(
        'paths',
        operation.path,
        operation.method.toLowerCase(),
        'responses',
        status,
        'content',
        'application/json',
        'schema',
      );
      validate = ajv.compile({ $ref: `sprocket-api#/${at}` });
      compiled.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  };
}
