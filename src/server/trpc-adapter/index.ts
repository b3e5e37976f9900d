// A Fastify plugin serving tRPC's HTTP protocol for httpLink and httpBatchLink, JSON only,
// without the stock adapter's fetch Request/Response conversion (README.md says why and what it
// leaves out). It follows resolveResponse from @trpc/server 11.19.0 step by step: read the calls,
// make the context, run the procedures, shape errors with the router's errorFormatter.
import {
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  type AnyTRPCRouter,
  type inferRouterContext,
  type inferRouterError,
  type TRPCProcedureType,
} from '@trpc/server';
import { getHTTPStatusCode, type TRPCRequestInfo } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { applyMetaHeaders, serializerFor } from './answer';
import { abortedWhenClientLeaves } from './client-signal';
import { DEFAULT_MAX_BATCH_SIZE, refuseUnsupported, type TrpcAdapterOptions } from './options';
import { readRequestInfo, RefusedRequest } from './request-info';

export type { TrpcAdapterOptions } from './options';

/** Which method each procedure type answers (tRPC's TYPE_ACCEPTED_METHOD_MAP). */
const acceptedMethods: Record<TRPCProcedureType, string> = { query: 'GET', mutation: 'POST', subscription: 'GET' };

/** Registers `/:path` in its own scope; register it with a prefix such as /trpc. */
export async function trpcAdapter<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcAdapterOptions<TRouter>,
): Promise<void> {
  refuseUnsupported(options as unknown as Record<string, unknown>);
  const { router, createContext, onError, responseMeta, maxBatchSize = DEFAULT_MAX_BATCH_SIZE, stringify = JSON.stringify } = options;
  type Context = inferRouterContext<TRouter>;
  type Outcome = TRPCResponse<unknown, inferRouterError<TRouter>>;
  const config = router._def._config;
  const serialize = serializerFor(router, stringify);

  const errorOutcome = (
    error: TRPCError,
    type: TRPCProcedureType | 'unknown',
    path?: string,
    input?: unknown,
    ctx?: Context,
  ): Outcome => ({
    error: getTRPCErrorShape({ config, error, type, path, input, ctx }) as inferRouterError<TRouter>,
  });

  /**
   * One HTTP answer: the calls' statuses, then whatever responseMeta asks for. A refused request
   * is answered with one error, not a list, even when it was a batch (as tRPC does).
   */
  const answer = (
    reply: FastifyReply,
    outcomes: Outcome[],
    { info, ctx, errors }: { info: TRPCRequestInfo | undefined; ctx: Context | undefined; errors: TRPCError[] },
    isBatchCall: boolean,
  ) => {
    let status = getHTTPStatusCode(isBatchCall ? outcomes : outcomes[0]!);
    if (responseMeta) {
      const paths = info?.calls.map((call) => call.path);
      const meta = responseMeta({ ctx, info, paths, type: info?.type ?? 'unknown', data: outcomes, errors, eagerGeneration: false });
      applyMetaHeaders(reply, meta.headers);
      if (meta.status) status = meta.status;
    }
    const json = isBatchCall ? `[${outcomes.map(serialize).join(',')}]` : serialize(outcomes[0]!);
    return reply.status(status).send(json);
  };

  // JSON stays text until a procedure reads its input; Fastify holds it to the body limit.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // Any other body is read within the same limit (413 above it) and dropped: the route answers 415.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  app.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
    // tRPC answers HEAD with an empty 204, for load balancers warming a function up.
    if (request.method === 'HEAD') return reply.status(204).send();
    const vary = reply.getHeader('vary');
    void reply.header('vary', vary ? `${String(vary)}, trpc-accept, accept` : 'trpc-accept, accept');
    void reply.header('content-type', 'application/json');
    const signal = abortedWhenClientLeaves(reply);

    let info: TRPCRequestInfo;
    try {
      info = readRequestInfo(request, { router, maxBatchSize, signal });
    } catch (cause) {
      const refused = cause instanceof RefusedRequest ? cause : new RefusedRequest(getTRPCErrorFromUnknown(cause), undefined);
      const { error, info: known } = refused;
      const type = known?.type ?? 'unknown';
      onError?.({ error, type, path: undefined, input: undefined, ctx: undefined, req: request });
      return answer(reply, [errorOutcome(error, type)], { info: known, ctx: undefined, errors: [error] }, false);
    }

    let ctx: Context | undefined;
    let contextError: TRPCError | undefined;
    try {
      ctx = await createContext({ req: request, res: reply, info });
    } catch (cause) {
      contextError = getTRPCErrorFromUnknown(cause);
    }

    // By batch index, as tRPC lists them, whichever call fails first.
    const errorsByCall: Array<TRPCError | undefined> = [];
    const outcomes = await Promise.all(
      info.calls.map(async (call): Promise<Outcome> => {
        const { procedure, path } = call;
        try {
          if (!procedure) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
          const type = procedure._def.type;
          if (acceptedMethods[type] !== request.method) {
            throw new TRPCError({
              code: 'METHOD_NOT_SUPPORTED',
              message: `Unsupported ${request.method}-request to ${type} procedure at path "${path}"`,
            });
          }
          if (contextError) throw contextError;
          const data: unknown = await procedure({
            path,
            type,
            ctx,
            getRawInput: call.getRawInput,
            signal,
            batchIndex: call.batchIndex,
          });
          if (isDataStream(data)) {
            throw new TRPCError({
              code: 'UNSUPPORTED_MEDIA_TYPE',
              message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
            });
          }
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          errorsByCall[call.batchIndex] = error;
          const type = procedure?._def.type ?? 'unknown';
          const input = call.result();
          onError?.({ error, type, path, input, ctx, req: request });
          return errorOutcome(error, type, path, input, ctx);
        }
      }),
    );
    const errors = errorsByCall.filter((error) => error !== undefined);
    return answer(reply, outcomes, { info, ctx, errors }, info.isBatchCall);
  });
}

/** A result only a stream can carry: an async iterable, or an object holding promises or iterables. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (Symbol.asyncIterator in value) return true;
  return Object.values(value).some((member) => isPromiseLike(member) || (isObject(member) && Symbol.asyncIterator in member));
}

function isPromiseLike(value: unknown): boolean {
  return (isObject(value) || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && !Array.isArray(value) && typeof value === 'object';
}
