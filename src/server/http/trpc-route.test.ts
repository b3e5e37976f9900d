// The app's /trpc route (src/server/trpc-adapter, wired in app.ts) with the app's own router:
// the browser's client (httpBatchLink, httpLink) works against it, and for the same requests it
// answers with the status, content type and bytes tRPC's own Fastify adapter gives.
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { createContextInner } from '../context';
import { appRouter, type AppRouter } from '../routers';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';
import { sendError } from './error-response';

let shop: TestShop;
let customer: TestUser;
let stockApp: FastifyInstance;
let baseUrl: string;
let part: { id: string; name: string };

beforeAll(async () => {
  shop = await createTestShop();
  customer = await shop.createUser('user');
  part = await shop.createTool({ available: 3, minimumOrderQuantity: 2 });
  await shop.createTool();
  stockApp = Fastify({ logger: false });
  stockApp.setErrorHandler(sendError);
  await stockApp.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }: { req: { headers: { authorization?: string } } }) =>
        createContextInner(shop.deps, req.headers.authorization),
    },
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await stockApp?.close();
  await shop?.close();
});

function client(link: 'batch' | 'single', token?: string) {
  const options = { url: `${baseUrl}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) };
  return createTRPCClient<AppRouter>({ links: [link === 'batch' ? httpBatchLink(options) : httpLink(options)] });
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The client error a call must fail with. */
async function failure(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof TRPCClientError)) throw new Error(`expected a TRPCClientError, got ${String(outcome)}`);
  return outcome as TRPCClientError<AppRouter>;
}

describe('the /trpc route with the browser client', () => {
  it('answers a batch of queries in one request, each with its own result', async () => {
    let requests = 0;
    const counting = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${baseUrl}/trpc`,
          fetch: (url, init) => {
            requests++;
            return fetch(url, init);
          },
        }),
      ],
    });
    const [tools, reviews, page] = await Promise.all([
      counting.tools.list.query(),
      counting.reviews.list.query(),
      counting.tools.list.query({ limit: 1 }),
    ]);
    expect(requests).toBe(1);
    expect(tools.items.map((tool) => tool.name)).toContain(part.name);
    expect(reviews.total).toBe(0);
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
  });

  it('sends queries as GET and mutations as POST, with and without batching', async () => {
    for (const link of ['batch', 'single'] as const) {
      const signedIn = client(link, customer.token);
      const me = await signedIn.users.me.query();
      expect(me.email).toBe(customer.user.email);
      const review = await signedIn.reviews.create.mutate({ rating: 5, text: `Smooth shifting, sent over ${link}.` });
      expect(review.rating).toBe(5);
    }
    const reviews = await client('single').reviews.list.query();
    expect(reviews.total).toBe(2);
  });

  it('gives errors the code, status and readable message of the error formatter', async () => {
    const clientError = await failure(client('single').tools.byId.query({ id: 'not-a-uuid' }));
    expect(clientError.data?.code).toBe('BAD_REQUEST');
    expect(clientError.data?.httpStatus).toBe(400);
    expect(clientError.data?.path).toBe('tools.byId');
    expect(clientError.data?.zodError?.fieldErrors).toHaveProperty('id');
    expect(clientError.message).not.toContain('[');

    const unauthorized = await failure(client('batch').bookings.mine.query());
    expect(unauthorized.data?.code).toBe('UNAUTHORIZED');
    expect(unauthorized.message).toBe(messages.signInRequired);

    const expired = await failure(client('batch', `${customer.token}x`).bookings.mine.query());
    expect(expired.message).toBe(messages.sessionExpired);
  });

  it('keeps the successes of a batch when one call in it fails', async () => {
    const anonymous = client('batch');
    const [tools, mine] = await Promise.allSettled([anonymous.tools.list.query(), anonymous.bookings.mine.query()]);
    expect(tools.status).toBe('fulfilled');
    expect(mine.status).toBe('rejected');
    const response = await fetch(`${baseUrl}/trpc/tools.list,bookings.mine?batch=1&input=${input({})}`);
    expect(response.status).toBe(207);
  });

  it('answers a conflict with 409 and the stock left', async () => {
    const error = await failure(
      client('single', customer.token).bookings.create.mutate({ toolsId: part.id, amount: 4, phone: '5550100', address: '1 Main St' }),
    );
    expect(error.data?.httpStatus).toBe(409);
    expect(error.message).toBe(messages.outOfStock(3));
  });

  it('says which procedure does not exist, and refuses a mutation over GET', async () => {
    const missing = await fetch(`${baseUrl}/trpc/tools.nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: { data: { code: 'NOT_FOUND', path: 'tools.nothing' }, message: 'No procedure found on path "tools.nothing"' },
    });
    const overGet = await fetch(`${baseUrl}/trpc/reviews.create?input=${input({ rating: 5, text: 'x' })}`);
    expect(overGet.status).toBe(405);
    expect(((await overGet.json()) as { error: { data: { code: string } } }).error.data.code).toBe('METHOD_NOT_SUPPORTED');
  });
});

describe('byte for byte against tRPC own Fastify adapter', () => {
  const requests: Array<{ name: string; request: (token: string) => InjectOptions }> = [
    { name: 'a query without input', request: () => ({ method: 'GET', url: '/trpc/tools.list' }) },
    { name: 'a query with input', request: () => ({ method: 'GET', url: `/trpc/tools.list?input=${input({ limit: 1 })}` }) },
    {
      name: 'a batch of queries',
      request: () => ({ method: 'GET', url: `/trpc/tools.list,reviews.list?batch=1&input=${input({ 0: { limit: 1 } })}` }),
    },
    { name: 'a zod error', request: () => ({ method: 'GET', url: `/trpc/tools.byId?input=${input({ id: 'nope' })}` }) },
    {
      name: 'a missing part',
      request: () => ({ method: 'GET', url: `/trpc/tools.byId?input=${input({ id: '00000000-0000-4000-8000-000000000000' })}` }),
    },
    { name: 'an unknown procedure', request: () => ({ method: 'GET', url: '/trpc/tools.nothing' }) },
    { name: 'a batch with an unknown procedure', request: () => ({ method: 'GET', url: '/trpc/tools.list,nothing?batch=1' }) },
    { name: 'a mutation over GET', request: () => ({ method: 'GET', url: '/trpc/reviews.create' }) },
    { name: 'a query over POST', request: () => ({ method: 'POST', url: '/trpc/tools.list', payload: {} }) },
    { name: 'a query over PUT', request: () => ({ method: 'PUT', url: '/trpc/tools.list', payload: {} }) },
    {
      name: 'a mutation without a session',
      request: () => ({ method: 'POST', url: '/trpc/reviews.create', payload: { rating: 5, text: 'Great' } }),
    },
    {
      name: 'a batch of mutations, one unknown',
      request: () => ({ method: 'POST', url: '/trpc/reviews.create,nothing?batch=1', payload: { 0: { rating: 5, text: 'Great' } } }),
    },
    {
      name: 'a conflict',
      request: (token) => ({
        method: 'POST',
        url: '/trpc/bookings.create',
        headers: { authorization: `Bearer ${token}` },
        payload: { toolsId: part.id, amount: 4, phone: '5550100', address: '1 Main St' },
      }),
    },
    {
      name: 'a zod error in a mutation',
      request: (token) => ({
        method: 'POST',
        url: '/trpc/reviews.create',
        headers: { authorization: `Bearer ${token}` },
        payload: { rating: 9, text: '' },
      }),
    },
    {
      name: 'malformed JSON',
      request: (token) => ({
        method: 'POST',
        url: '/trpc/reviews.create',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"rating":',
      }),
    },
    { name: 'malformed JSON in the query', request: () => ({ method: 'GET', url: '/trpc/tools.list?input=%7B' }) },
    {
      name: 'an empty mutation body',
      request: () => ({ method: 'POST', url: '/trpc/users.createSession', headers: { 'content-type': 'application/json' } }),
    },
    { name: 'a POST without content type', request: () => ({ method: 'POST', url: '/trpc/reviews.create' }) },
    {
      name: 'a POST of plain text',
      request: () => ({ method: 'POST', url: '/trpc/reviews.create', headers: { 'content-type': 'text/plain' }, payload: 'hi' }),
    },
    {
      name: 'a batch input that is not an object',
      request: () => ({ method: 'GET', url: `/trpc/tools.list?batch=1&input=${input([1])}` }),
    },
    {
      name: 'a batch mixing queries and mutations',
      request: () => ({ method: 'GET', url: '/trpc/tools.list,reviews.create?batch=1' }),
    },
    { name: 'a HEAD request', request: () => ({ method: 'HEAD', url: '/trpc/tools.list' }) },
    {
      name: 'a signed-in batch',
      request: (token) => ({
        method: 'GET',
        url: `/trpc/users.me,bookings.mine,users.list?batch=1&input=${input({})}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    },
    {
      name: 'an expired session',
      request: (token) => ({ method: 'GET', url: '/trpc/users.me', headers: { authorization: `Bearer ${token}x` } }),
    },
  ];

  it.each(requests)('answers $name the same', async ({ request }) => {
    const [ours, stock] = await Promise.all([shop.app.inject(request(customer.token)), stockApp.inject(request(customer.token))]);
    expect(ours.statusCode).toBe(stock.statusCode);
    expect(ours.body).toBe(stock.body);
    // Ours also varies on Origin, for the CORS headers the app adds to every answer.
    expect(varyWithoutOrigin(ours.headers.vary)).toBe(stock.headers.vary);
    // The stock adapter labels request-level errors (bad content type, mixed batch) text/plain;
    // both answer JSON. Fastify adds the charset to ours, as it does on every JSON route.
    const stockType =
      stock.headers['content-type'] === 'text/plain;charset=UTF-8' ? 'application/json' : stock.headers['content-type'];
    expect(mediaType(ours.headers['content-type'])).toBe(mediaType(stockType));
  });
});

function mediaType(contentType: unknown): string | undefined {
  return typeof contentType === 'string' ? contentType.split(';')[0] : undefined;
}

function varyWithoutOrigin(vary: unknown): string | undefined {
  if (typeof vary !== 'string') return undefined;
  const rest = vary
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.toLowerCase() !== 'origin');
  return rest.length ? rest.join(', ') : undefined;
}
