// What the adapter refuses and what it adds to the stock adapter's behaviour: batches above the
// limit, bodies that are not JSON or too large, streaming, options it does not implement; the
// status and headers responseMeta asks for; and the abort signal when a client leaves.
import { Readable } from 'node:stream';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { ResponseMetaFn } from '@trpc/server/http';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { trpcAdapter, type TrpcAdapterOptions } from '.';
import { createTestRouter, type TestRouter } from './test-router';

const BODY_LIMIT_BYTES = 64 * 1024;

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(options: Partial<TrpcAdapterOptions<TestRouter>> = {}) {
  const test = createTestRouter();
  app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES });
  await app.register(trpcAdapter, { prefix: '/trpc', router: test.router, createContext: test.createContext, ...options });
  const served = app;
  return { ...test, inject: (request: InjectOptions) => served.inject(request) };
}

function errorOf(body: string): { code: string; httpStatus: number; message: string } {
  const { error } = JSON.parse(body) as { error: { message: string; data: { code: string; httpStatus: number } } };
  return { code: error.data.code, httpStatus: error.data.httpStatus, message: error.message };
}

const batchOf = (size: number) => `/trpc/${Array.from({ length: size }, () => 'greeting').join(',')}?batch=1`;

describe('batch size', () => {
  it('answers a batch of up to 10 calls by default, and refuses 11 with 400 before any context or procedure', async () => {
    const served = await serve();
    expect((await served.inject({ method: 'GET', url: batchOf(10) })).statusCode).toBe(200);
    expect(served.counts).toEqual({ contexts: 1, runs: 10 });

    const refused = await served.inject({ method: 'GET', url: batchOf(11) });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body)).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Batch call exceeds maximum size' });
    expect(served.counts).toEqual({ contexts: 1, runs: 10 });
  });

  it('holds the limit it is given, for mutations too', async () => {
    const served = await serve({ maxBatchSize: 2 });
    const payload = { 0: { a: 1, b: 1 }, 1: { a: 1, b: 1 }, 2: { a: 1, b: 1 } };
    const refused = await served.inject({ method: 'POST', url: '/trpc/add,add,add?batch=1', payload });
    expect(refused.statusCode).toBe(400);
    expect(served.counts).toEqual({ contexts: 0, runs: 0 });
    expect((await served.inject({ method: 'POST', url: '/trpc/add,add?batch=1', payload })).statusCode).toBe(200);
  });
});

describe('bodies', () => {
  const notJson = [
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
    ['application/octet-stream', Buffer.from([1, 2, 3])],
    ['text/plain', '{"a":1,"b":2}'],
    ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ] as const;

  it.each(notJson)('answers a %s body with 415 in tRPC error shape, running nothing', async (contentType, payload) => {
    const served = await serve();
    const response = await served.inject({ method: 'POST', url: '/trpc/add', headers: { 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.body)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      httpStatus: 415,
      message: `Unsupported content-type "${contentType}`,
    });
    expect(served.counts).toEqual({ contexts: 0, runs: 0 });
  });

  const overLimit = 'x'.repeat(BODY_LIMIT_BYTES + 1);
  it.each(['application/json', ...notJson.map(([contentType]) => contentType)])(
    'answers a %s body over the body limit with 413, running nothing',
    async (contentType) => {
      const served = await serve();
      const announced = await served.inject({
        method: 'POST',
        url: '/trpc/add',
        headers: { 'content-type': contentType },
        payload: overLimit,
      });
      expect(announced.statusCode).toBe(413);
      // A chunked body does not say its length up front: it is counted as it arrives.
      const chunked = await served.inject({
        method: 'POST',
        url: '/trpc/add',
        headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
        payload: Readable.from([overLimit.slice(0, 40_000), overLimit.slice(40_000)]),
      });
      expect(chunked.statusCode).toBe(413);
      expect(served.counts).toEqual({ contexts: 0, runs: 0 });
    },
  );

  it('reads a JSON body just under the limit', async () => {
    const served = await serve();
    const padding = 'x'.repeat(BODY_LIMIT_BYTES - 100);
    const response = await served.inject({ method: 'POST', url: '/trpc/add', payload: { a: 1, b: 2, padding } });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ result: { data: 3 } });
  });
});

describe('streaming', () => {
  it('refuses a streamed batch (jsonl) with a message naming the link to use, running nothing', async () => {
    const served = await serve();
    const response = await served.inject({
      method: 'GET',
      url: '/trpc/greeting?batch=1',
      headers: { 'trpc-accept': 'application/jsonl' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response.body).message).toMatch(/does not stream.*httpBatchLink/);
    expect(served.counts).toEqual({ contexts: 0, runs: 0 });
  });

  it('refuses a subscription, running nothing', async () => {
    const served = await serve();
    const response = await served.inject({ method: 'GET', url: '/trpc/ticks', headers: { accept: 'text/event-stream' } });
    expect(response.statusCode).toBe(405);
    expect(errorOf(response.body)).toMatchObject({
      code: 'METHOD_NOT_SUPPORTED',
      message: 'This server does not serve subscriptions over HTTP',
    });
    expect(served.counts).toEqual({ contexts: 0, runs: 0 });
  });
});

describe('registration', () => {
  const { router, createContext } = createTestRouter();

  it.each([
    ['allowBatching', false],
    ['batching', { enabled: false }],
    ['allowMethodOverride', true],
    ['useWSS', true],
    ['trpcOptions', { router }],
    ['publicAnswers', {}],
    ['personalAnswers', {}],
  ])('refuses the option %s, naming it', async (name, value) => {
    app = Fastify({ logger: false });
    const options = { prefix: '/trpc', router, createContext, [name]: value } as TrpcAdapterOptions<TestRouter>;
    await expect(app.register(trpcAdapter, options)).rejects.toThrow(`trpcAdapter does not support the option "${name}"`);
  });

  it.each([0, 2.5, -1, Number.NaN])('refuses maxBatchSize %s', async (maxBatchSize) => {
    app = Fastify({ logger: false });
    await expect(app.register(trpcAdapter, { router, createContext, maxBatchSize })).rejects.toThrow(
      /"maxBatchSize" must be a whole number/,
    );
  });

  it('takes every option it implements, and Fastify register options', async () => {
    app = Fastify({ logger: false });
    await app.register(trpcAdapter, {
      prefix: '/trpc',
      logLevel: 'silent',
      router,
      createContext,
      onError: () => {},
      responseMeta: () => ({}),
      maxBatchSize: 3,
      stringify: JSON.stringify,
    });
    expect((await app.inject({ method: 'GET', url: '/trpc/greeting' })).statusCode).toBe(200);
  });
});

describe('responseMeta', () => {
  it('sets the status and headers it returns, once per answer, knowing the calls and their procedures', async () => {
    const seen: Array<Parameters<ResponseMetaFn<TestRouter>>[0]> = [];
    const served = await serve({
      responseMeta: (opts) => {
        seen.push(opts);
        const shared = opts.info?.calls.every((call) => (call.procedure?._def.meta as { shared?: boolean } | undefined)?.shared);
        return shared && opts.errors.length === 0
          ? { status: 203, headers: { 'cache-control': 'public, max-age=5', 'set-cookie': ['a=1', 'b=2'] } }
          : { headers: new Headers({ vary: 'authorization' }) };
      },
    });

    const shared = await served.inject({ method: 'GET', url: `/trpc/greeting,greeting?batch=1`, headers: { authorization: 'ada' } });
    expect(shared.statusCode).toBe(203);
    expect(shared.headers['cache-control']).toBe('public, max-age=5');
    expect(shared.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      ctx: { caller: 'ada' },
      paths: ['greeting', 'greeting'],
      type: 'query',
      errors: [],
      eagerGeneration: false,
      data: [{ result: { data: 'hello world' } }, { result: { data: 'hello world' } }],
      info: { isBatchCall: true, accept: null, type: 'query' },
    });
    expect(seen[0]!.info!.calls[0]!.procedure).toBe(served.router._def.procedures.greeting);
    expect(seen[0]!.info!.url?.pathname).toBe('/trpc/greeting,greeting');

    const personal = await served.inject({ method: 'GET', url: '/trpc/whoami' });
    expect(personal.statusCode).toBe(200);
    expect(personal.headers['cache-control']).toBeUndefined();
    expect(personal.headers.vary).toBe('trpc-accept, accept, authorization');
    expect(seen).toHaveLength(2);
  });

  it('is told about errors, and about a request refused before its calls were read', async () => {
    const seen: Array<Parameters<ResponseMetaFn<TestRouter>>[0]> = [];
    const served = await serve({
      responseMeta: (opts) => {
        seen.push(opts);
        return { status: opts.errors.length ? 418 : undefined };
      },
    });
    const failed = await served.inject({ method: 'GET', url: '/trpc/greeting,teapot?batch=1' });
    expect(failed.statusCode).toBe(418);
    expect(seen[0]!.errors.map((error) => error.code)).toEqual(['PRECONDITION_FAILED']);

    const refused = await served.inject({ method: 'POST', url: '/trpc/add', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(refused.statusCode).toBe(418);
    expect(seen[1]).toMatchObject({ info: undefined, ctx: undefined, type: 'unknown', errors: [{ code: 'UNSUPPORTED_MEDIA_TYPE' }] });
  });
});

describe('a client that leaves', () => {
  it('rejects the aborted call on the client and tells the procedure through its signal', async () => {
    const served = await serve();
    const url = `${await app!.listen({ port: 0, host: '127.0.0.1' })}/trpc`;
    const client = createTRPCClient<TestRouter>({ links: [httpBatchLink({ url })] });
    const controller = new AbortController();
    const pending = client.slow.query(undefined, { signal: controller.signal });
    await expect.poll(() => served.slowSignals.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(TRPCClientError);
    await expect.poll(() => served.slowSignals[0]!.aborted).toBe(true);
    expect(served.slowSignals[0]!.reason).toMatchObject({ code: 'CLIENT_CLOSED_REQUEST' });
    expect(await client.greeting.query()).toBe('hello world');
  });

  it('leaves the signal alone when the answer is written', async () => {
    const served = await serve();
    const url = `${await app!.listen({ port: 0, host: '127.0.0.1' })}/trpc`;
    const client = createTRPCClient<TestRouter>({ links: [httpBatchLink({ url })] });
    const pending = client.slow.query();
    await expect.poll(() => served.slowSignals.length).toBe(1);
    served.releaseSlow();
    expect(await pending).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(served.slowSignals[0]!.aborted).toBe(false);
  });
});
