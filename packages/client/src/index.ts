// @sprocket/client: a typed client for Sprocket's public API v1. Every path, parameter, body and
// answer is typed from the committed OpenAPI document (schema.d.ts, generated); openapi-fetch does
// the calls. Besides the client: the API's error as an exception, and a walk over cursor pages.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

/** A schema of the document by its name: `Schema<'Part'>`, `Schema<'Order'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The typed client: `client.GET('/api/v1/parts/{id}', { params: { path: { id } } })`. */
export type SprocketClient = Client<paths>;

export interface SprocketClientOptions {
  /** The shop's origin, e.g. `https://shop.example`; the paths carry `/api/v1`. */
  baseUrl: string;
  /** An API key (`spk_…`), sent as `Authorization: Bearer`; the catalogue needs none. */
  apiKey?: string;
  /** Another fetch (a test's, or one with a proxy); the global fetch otherwise. */
  fetch?: ClientOptions['fetch'];
}

export function createSprocketClient({ baseUrl, apiKey, fetch }: SprocketClientOptions): SprocketClient {
  return createClient<paths>({
    baseUrl,
    ...(fetch ? { fetch } : {}),
    ...(apiKey ? { headers: { authorization: `Bearer ${apiKey}` } } : {}),
  });
}

/** A refusal or failure the API answered with its error shape (`{ error: { code, message } }`). */
export class SprocketApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, body: unknown) {
    const error = errorOf(body);
    super(error?.message ?? `The API answered ${status}.`);
    this.name = 'SprocketApiError';
    this.status = status;
    this.code = error?.code ?? 'UNKNOWN';
  }
}

function errorOf(body: unknown): Schema<'Error'>['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' ? { code, message } : undefined;
}

/**
 * The answer's data, or a SprocketApiError: for code that would rather throw than check `error`
 * after every call. `const part = dataOrThrow(await client.GET(...))`.
 */
export function dataOrThrow<Data>(result: { data?: Data; error?: unknown; response: Response }): Data {
  if (result.data !== undefined) return result.data;
  throw new SprocketApiError(result.response.status, result.error);
}

/** One page of a list: its items and the cursor of the next page (null on the last). */
export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * Every item of a cursor-paged list, reading the next page only when the previous one is used up:
 * `for await (const part of eachItem((cursor) => client.GET('/api/v1/parts', { params: { query: { cursor } } }).then(dataOrThrow)))`.
 */
export async function* eachItem<Item>(readPage: (cursor: string | undefined) => Promise<Page<Item>>): AsyncGenerator<Item> {
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
