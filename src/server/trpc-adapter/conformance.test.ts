// The adapter speaks what tRPC's stock Fastify adapter speaks: the real tRPC client, over httpLink
// and httpBatchLink on a real port, gets the same results, errors and statuses from both, and raw
// requests get the same status, body and headers. The stock adapter is the reference.
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { HTTPErrorHandler, ResponseMetaFn } from '@trpc/server/http';
import Fastify, { type FastifyInstance, type FastifyRequest, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcAdapter } from '.';
import { createTestRouter, type TestRouter } from './test-router';

const BODY_LIMIT_BYTES = 64 * 1024;

interface Served {
  app: FastifyInstance;
  url: string;
  /** What onError was told, in order. */
  errors: Array<{ code: string; type: string; path: string | undefined; input: unknown; caller: unknown }>;
}

const { router, createContext } = createTestRouter();

/** Shared reads (meta.shared on every call, no error) may be kept by anyone; the rest by no one. */
const responseMeta: ResponseMetaFn<TestRouter> = ({ info, errors, type, paths, eagerGeneration }) => {
  const shared =
    !!info &&
    errors.length === 0 &&
    info.calls.every((call) => (call.procedure?._def.meta as { shared?: boolean } | undefined)?.shared === true);
  const headers = new Headers({ 'x-answered': `${type} ${paths?.join(',') ?? '-'} ${String(eagerGeneration)}` });
  headers.set('cache-control', shared ? 'public, max-age=60' : 'no-store');
  return { headers };
};

async function serve(register: (app: FastifyInstance, errors: Served['errors']) => PromiseLike<unknown>): Promise<Served> {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES });
  const errors: Served['errors'] = [];
  await register(app, errors);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `${address}/trpc`, errors };
}

let ours: Served;
let stock: Served;

beforeAll(async () => {
  const options = (errors: Served['errors']) => ({
    router,
    createContext,
    responseMeta,
    maxBatchSize: 4,
    onError: (({ error, type, path, input, ctx }) => {
      errors.push({ code: error.code, type, path, input, caller: ctx?.caller });
    }) satisfies HTTPErrorHandler<TestRouter, FastifyRequest>,
  });
  ours = await serve((app, errors) => app.register(trpcAdapter, { prefix: '/trpc', ...options(errors) }));
  stock = await serve((app, errors) => app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: options(errors) }));
});

afterAll(async () => {
  await ours?.app.close();
  await stock?.app.close();
});

type Link = 'httpLink' | 'httpBatchLink';

/** A client of one server that records the status of every HTTP answer it gets. */
function clientOf(served: Served, link: Link, caller?: string) {
  const statuses: number[] = [];
  const options = {
    url: served.url,
    headers: () => (caller ? { authorization: caller } : {}),
    fetch: async (url: URL | RequestInfo, init?: RequestInit) => {
      const response = await fetch(url, init);
      statuses.push(response.status);
      return response;
    },
  };
  const client = createTRPCClient<TestRouter>({ links: [link === 'httpLink' ? httpLink(options) : httpBatchLink(options)] });
  return { client, statuses };
}

type Client = ReturnType<typeof clientOf>['client'];

/** What a caller can see of a call's outcome. */
async function outcomeOf(call: Promise<unknown>): Promise<unknown> {
  try {
    return { data: await call };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    return { message: error.message, shape: error.shape as unknown, data: error.data as unknown };
  }
}

/** A client that calls any path with any method, as a mistaken or hostile client would. */
function untyped(client: Client) {
  return client as unknown as Record<
    string,
    { query: (input?: unknown) => Promise<unknown>; mutate: (input?: unknown) => Promise<unknown> }
  >;
}

const scenarios: Array<{ name: string; caller?: string; run: (client: Client) => Promise<unknown>; expected: unknown }> = [
  { name: 'a query without input', run: (c) => c.greeting.query(), expected: { data: 'hello world' } },
  { name: 'a query with input', run: (c) => c.greeting.query({ name: 'Ada' }), expected: { data: 'hello Ada' } },
  { name: 'a query reading the context', caller: 'ada', run: (c) => c.whoami.query(), expected: { data: 'ada' } },
  { name: 'a mutation', run: (c) => c.add.mutate({ a: 2, b: 3 }), expected: { data: 5 } },
  { name: 'a mutation with no result', run: (c) => c.nothing.mutate(), expected: { data: undefined } },
  {
    name: 'an input validation error',
    run: (c) => c.add.mutate({ a: 2, b: 'three' as unknown as number }),
    expected: { data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'add', formatted: true } },
  },
  {
    name: 'a thrown TRPCError with its own code',
    run: (c) => c.teapot.query(),
    expected: { message: 'The kettle is cold.', data: { code: 'PRECONDITION_FAILED', httpStatus: 412, path: 'teapot' } },
  },
  {
    name: 'a procedure that crashes',
    run: (c) => c.crash.query(),
    expected: { data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } },
  },
  {
    name: 'an unknown path',
    run: (c) => untyped(c).missing!.query(),
    expected: { message: 'No procedure found on path "missing"', data: { code: 'NOT_FOUND', httpStatus: 404 } },
  },
  {
    name: 'a mutation asked for over GET',
    run: (c) => untyped(c).add!.query({ a: 1, b: 1 }),
    expected: { data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405, path: 'add' } },
  },
  {
    name: 'a query sent over POST',
    run: (c) => untyped(c).greeting!.mutate(),
    expected: { data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405, path: 'greeting' } },
  },
  {
    name: 'a context that refuses the caller',
    caller: 'expired',
    run: (c) => c.whoami.query(),
    expected: { message: 'The session has expired.', data: { code: 'UNAUTHORIZED', httpStatus: 401, path: 'whoami' } },
  },
  {
    name: 'a batch mixing results and errors',
    run: (c) => Promise.all([c.greeting.query(), c.teapot.query(), c.greeting.query({ name: '' }), c.crash.query()].map(outcomeOf)),
    expected: {
      data: [
        { data: 'hello world' },
        { data: { code: 'PRECONDITION_FAILED' } },
        { data: { code: 'BAD_REQUEST' } },
        { data: { code: 'INTERNAL_SERVER_ERROR' } },
      ],
    },
  },
];

describe.each(['httpLink', 'httpBatchLink'] as const)('the tRPC client over %s', (link) => {
  it.each(scenarios)('gets the same as from the stock adapter for $name', async ({ caller, run, expected }) => {
    const oursClient = clientOf(ours, link, caller);
    const stockClient = clientOf(stock, link, caller);
    ours.errors.length = 0;
    stock.errors.length = 0;
    const fromOurs = await outcomeOf(run(oursClient.client));
    const fromStock = await outcomeOf(run(stockClient.client));
    expect(fromOurs).toMatchObject(expected as object);
    expect(fromOurs).toEqual(fromStock);
    expect(oursClient.statuses).toEqual(stockClient.statuses);
    expect(ours.errors).toEqual(stock.errors);
  });
});

describe('raw requests, byte for byte against the stock adapter', () => {
  const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const requests: Array<{ name: string; request: InjectOptions }> = [
    { name: 'a query without input', request: { method: 'GET', url: '/trpc/greeting' } },
    { name: 'a query with input', request: { method: 'GET', url: `/trpc/greeting?input=${input({ name: 'Ada' })}` } },
    { name: 'an empty input', request: { method: 'GET', url: '/trpc/greeting?input=' } },
    {
      name: 'a batch of shared queries',
      request: { method: 'GET', url: `/trpc/greeting,greeting?batch=1&input=${input({ 1: { name: 'Bo' } })}` },
    },
    {
      name: 'a batch with a private query',
      request: { method: 'GET', url: '/trpc/greeting,whoami?batch=1', headers: { authorization: 'ada' } },
    },
    { name: 'a batch as large as allowed', request: { method: 'GET', url: '/trpc/greeting,greeting,greeting,greeting?batch=1' } },
    { name: 'a batch above the limit', request: { method: 'GET', url: '/trpc/greeting,greeting,greeting,greeting,greeting?batch=1' } },
    { name: 'a batch with an unknown procedure', request: { method: 'GET', url: '/trpc/greeting,missing?batch=1' } },
    { name: 'a validation error', request: { method: 'GET', url: `/trpc/greeting?input=${input({ name: '' })}` } },
    { name: 'a thrown TRPCError', request: { method: 'GET', url: '/trpc/teapot' } },
    { name: 'a crash', request: { method: 'GET', url: '/trpc/crash' } },
    { name: 'an unknown procedure', request: { method: 'GET', url: '/trpc/missing' } },
    { name: 'a mutation over GET', request: { method: 'GET', url: '/trpc/add' } },
    { name: 'a query over POST', request: { method: 'POST', url: '/trpc/greeting', payload: {} } },
    { name: 'a query over PUT', request: { method: 'PUT', url: '/trpc/greeting', payload: {} } },
    { name: 'a mutation', request: { method: 'POST', url: '/trpc/add', payload: { a: 1, b: 2 } } },
    {
      name: 'a batch of mutations, one unknown',
      request: { method: 'POST', url: '/trpc/add,missing?batch=1', payload: { 0: { a: 1, b: 2 } } },
    },
    {
      name: 'malformed JSON',
      request: { method: 'POST', url: '/trpc/add', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    },
    { name: 'malformed JSON in the query', request: { method: 'GET', url: '/trpc/greeting?input=%7B' } },
    {
      name: 'an empty mutation body',
      request: { method: 'POST', url: '/trpc/nothing', headers: { 'content-type': 'application/json' } },
    },
    { name: 'a POST without content type', request: { method: 'POST', url: '/trpc/add' } },
    {
      name: 'a POST of plain text',
      request: { method: 'POST', url: '/trpc/add', headers: { 'content-type': 'text/plain' }, payload: 'hi' },
    },
    { name: 'a batch input that is not an object', request: { method: 'GET', url: `/trpc/greeting?batch=1&input=${input([1])}` } },
    { name: 'a batch mixing queries and mutations', request: { method: 'GET', url: '/trpc/greeting,add?batch=1' } },
    {
      name: 'a context that throws',
      request: { method: 'GET', url: '/trpc/greeting,whoami?batch=1', headers: { authorization: 'expired' } },
    },
    { name: 'a HEAD request', request: { method: 'HEAD', url: '/trpc/greeting' } },
  ];

  it.each(requests)('answers $name the same', async ({ request }) => {
    const [fromOurs, fromStock] = await Promise.all([ours.app.inject(request), stock.app.inject(request)]);
    expect(fromOurs.statusCode).toBe(fromStock.statusCode);
    expect(fromOurs.body).toBe(fromStock.body);
    for (const header of ['vary', 'cache-control', 'x-answered']) {
      expect(fromOurs.headers[header], header).toBe(fromStock.headers[header]);
    }
    // The stock adapter labels request-level errors (bad content type, mixed batch) text/plain;
    // both answer JSON. Fastify adds the charset to ours, as it does on every JSON route.
    const stockType =
      fromStock.headers['content-type'] === 'text/plain;charset=UTF-8' ? 'application/json' : fromStock.headers['content-type'];
    expect(mediaType(fromOurs.headers['content-type'])).toBe(mediaType(stockType));
  });

  it('marks a batch of shared reads as publicly cacheable, and nothing else', async () => {
    const shared = await ours.app.inject({ method: 'GET', url: '/trpc/greeting,greeting?batch=1' });
    expect(shared.headers['cache-control']).toBe('public, max-age=60');
    const mixed = await ours.app.inject({ method: 'GET', url: '/trpc/greeting,whoami?batch=1' });
    expect(mixed.headers['cache-control']).toBe('no-store');
  });
});

function mediaType(contentType: unknown): string | undefined {
  return typeof contentType === 'string' ? contentType.split(';')[0] : undefined;
}
