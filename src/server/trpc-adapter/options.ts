// What the adapter can be asked to do, and the refusal of anything else at registration: an
// option of tRPC's stock adapter that this one silently ignored would look like it worked.
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { HTTPErrorHandler, ResponseMetaFn } from '@trpc/server/http';
import type { FastifyRequest } from 'fastify';

export interface TrpcAdapterOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  /** Called once per request that reaches a procedure, as in the stock adapter. */
  createContext: (opts: CreateFastifyContextOptions) => inferRouterContext<TRouter> | Promise<inferRouterContext<TRouter>>;
  /** Called for every error, with tRPC's arguments (`req` is Fastify's request). */
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
  /** Status and headers for an answer, once it is known (tRPC's `responseMeta`). */
  responseMeta?: ResponseMetaFn<TRouter>;
  /** The most calls one batch may hold; a larger batch is refused with 400 before anything runs. */
  maxBatchSize?: number;
  /** Turns a result's data into JSON (default JSON.stringify), when the router has no transformer. */
  stringify?: (data: unknown) => string | undefined;
}

export const DEFAULT_MAX_BATCH_SIZE = 10;

type OptionName = keyof TrpcAdapterOptions<AnyTRPCRouter>;
const adapterOptions = new Set<string>([
  'router',
  'createContext',
  'onError',
  'responseMeta',
  'maxBatchSize',
  'stringify',
] satisfies OptionName[]);
/** What Fastify's register() itself reads from the same object. */
const fastifyOptions = new Set(['prefix', 'logLevel', 'logSerializers']);

/** Throws, naming the option, for anything this adapter would otherwise quietly not do. */
export function refuseUnsupported(options: Record<string, unknown>): void {
  for (const name of Object.keys(options)) {
    if (!adapterOptions.has(name) && !fastifyOptions.has(name)) {
      throw new Error(`trpcAdapter does not support the option "${name}" (see src/server/trpc-adapter/README.md)`);
    }
  }
  const router = options.router as AnyTRPCRouter | undefined;
  if (!router?._def?.procedures) throw new Error('trpcAdapter needs the option "router", a tRPC router');
  if (typeof options.createContext !== 'function') throw new Error('trpcAdapter needs the option "createContext", a function');
  if (Object.keys(router._def.lazy).length > 0)
    throw new Error('trpcAdapter does not load lazy routers (the option "router" has some)');
  const { maxBatchSize } = options;
  if (maxBatchSize !== undefined && !(Number.isInteger(maxBatchSize) && (maxBatchSize as number) >= 1)) {
    throw new Error(`trpcAdapter's option "maxBatchSize" must be a whole number of at least 1, not ${JSON.stringify(maxBatchSize)}`);
  }
}
