// tRPC's HTTP protocol (what httpLink and httpBatchLink speak) served by Fastify directly, built
// from tRPC's exported pieces. The stock adapter turns every request into a fetch Request and
// every answer into a fetch Response; on Node 20 that conversion costs more than most procedures.
// Here a JSON call is parsed from Fastify's request and answered with one string, with the
// statuses, headers and error shapes tRPC's resolveResponse gives. Streaming and file calls
// (jsonl batches, subscriptions, form data) are handed to tRPC's own Fastify handler.
import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  TRPCError,
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  type inferRouterContext,
  type TRPCProcedureType,
} from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache } from './answer-cache';

export interface TrpcHandlerOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext: (request: FastifyRequest) => Promise<inferRouterContext<TRouter>>;
  onError?: (failure: { error: TRPCError; path: string | undefined; request: FastifyRequest }) => void;
  /** Turns a result's data into JSON (default JSON.stringify), when the router has no transformer. */
  stringify?: (data: unknown) => string | undefined;
  /**
   * Whole answers kept for GET calls of the procedures `cacheable` accepts, which must answer the
   * same to everyone (http/answer-cache.ts): found by URL before the context is made.
   */
  publicAnswers?: { cache: AnswerCache; cacheable: (paths: readonly string[]) => boolean };
  /**
   * Whole answers kept for GET calls that answer one caller: `keyOf` names whose answer it is
   * (from the context, so after the session is checked), or gives undefined when it is not kept.
   */
  personalAnswers?: {
    cache: AnswerCache;
    keyOf: (paths: readonly string[], ctx: inferRouterContext<TRouter>) => string | undefined;
  };
}

/** Where an answer is found and kept. */
interface AnswerPlace {
  cache: AnswerCache;
  key: string;
}

interface Call {
  path: string;
  batchIndex: number;
  procedure: AnyTRPCProcedure | undefined;
}

/** Which methods each procedure type answers (tRPC's TYPE_ACCEPTED_METHOD_MAP). */
const acceptedMethods: Record<TRPCProcedureType, string> = { query: 'GET', mutation: 'POST', subscription: 'GET' };

/** Registers `/:path` in the calling plugin's scope (register it with a prefix such as /trpc). */
export async function trpcHandler<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcHandlerOptions<TRouter>,
): Promise<void> {
  const { router, createContext, onError, stringify = JSON.stringify, publicAnswers, personalAnswers } = options;
  if (Object.keys(router._def.lazy).length > 0) throw new Error('trpcHandler does not load lazy routers');
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const config = router._def._config;
  const deserialize = (value: unknown): unknown => config.transformer.input.deserialize(value);
  const probe = {};
  const plainOutput = config.transformer.output.serialize(probe) === probe;
  /** What JSON.stringify(transformTRPCResponse(…)) gives, with the data's JSON from `stringify`. */
  const serialize = (outcome: TRPCResponse): string => {
    if (!plainOutput || !('result' in outcome)) return JSON.stringify(transformTRPCResponse(config, outcome));
    const data = stringify(outcome.result.data);
    return data === undefined ? '{"result":{}}' : `{"result":{"data":${data}}}`;
  };

  // The same body handling as tRPC's Fastify plugin: JSON stays text until a procedure reads its input.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_request, body, done) => done(null, body));

  const handOver = (request: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) =>
    fastifyRequestHandler({
      router,
      req: request,
      res: reply,
      path: request.params.path,
      createContext: () => createContext(request),
      onError: ({ error, path }) => onError?.({ error, path, request }),
    });

  app.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
    const { method } = request;
    if (method === 'HEAD') return reply.status(204).send();
    const contentType = request.headers['content-type'];
    if (needsStreamingHandler(request, contentType)) return handOver(request, reply);

    const vary = reply.getHeader('vary');
    void reply.header('vary', vary ? `${String(vary)}, trpc-accept, accept` : 'trpc-accept, accept');
    void reply.header('content-type', 'application/json');
    const query = request.query as Record<string, string | string[] | undefined>;
    const isBatch = firstValue(query.batch) === '1';
    const paths = isBatch ? request.params.path.split(',') : [request.params.path];
    const calls: Call[] = paths.map((path, batchIndex) => ({ path, batchIndex, procedure: procedures[path] }));
    let answerPlace: AnswerPlace | undefined =
      method === 'GET' && publicAnswers?.cacheable(paths) ? { cache: publicAnswers.cache, key: request.url } : undefined;
    const kept = answerPlace && answerPlace.cache.find(answerPlace.key);
    if (kept) return reply.send(kept.body);

    let type: TRPCProcedureType | 'unknown';
    try {
      if (method !== 'GET' && !contentType?.startsWith('application/json')) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
        });
      }
      type = callType(calls);
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({ error, path: undefined, request });
      const shape = getTRPCErrorShape({ config, error, type: 'unknown', path: undefined, input: undefined, ctx: undefined });
      const outcome: TRPCResponse = { error: shape };
      return reply.status(getHTTPStatusCode(outcome)).send(JSON.stringify(transformTRPCResponse(config, outcome)));
    }
    if (type === 'subscription') return handOver(request, reply);

    const inputs = new LazyInputs(() => {
      const raw = method === 'GET' ? firstValue(query.input) || undefined : (request.body as string | undefined);
      const parsed: unknown = raw === undefined ? undefined : JSON.parse(raw);
      if (parsed === undefined) return {};
      if (!isBatch) return { 0: deserialize(parsed) };
      if (!isObject(parsed)) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
      }
      const byIndex: Record<number, unknown> = {};
      for (const index of paths.keys()) {
        if (parsed[index] !== undefined) byIndex[index] = deserialize(parsed[index]);
      }
      return byIndex;
    });

    let ctx: inferRouterContext<TRouter> | undefined;
    let contextError: TRPCError | undefined;
    try {
      ctx = await createContext(request);
    } catch (cause) {
      contextError = getTRPCErrorFromUnknown(cause);
    }
    if (!answerPlace && method === 'GET' && ctx !== undefined && personalAnswers) {
      const owner = personalAnswers.keyOf(paths, ctx);
      if (owner !== undefined) {
        answerPlace = { cache: personalAnswers.cache, key: `${owner} ${request.url}` };
        const keptForOwner = answerPlace.cache.find(answerPlace.key);
        if (keptForOwner) return reply.send(keptForOwner.body);
      }
    }

    const signal = abortedWhenClientLeaves(reply);
    const outcomes = await Promise.all(
      calls.map(async (call): Promise<TRPCResponse> => {
        try {
          if (!call.procedure) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${call.path}"` });
          const procedureType = call.procedure._def.type;
          if (acceptedMethods[procedureType] !== method) {
            throw new TRPCError({
              code: 'METHOD_NOT_SUPPORTED',
              message: `Unsupported ${method}-request to ${procedureType} procedure at path "${call.path}"`,
            });
          }
          if (contextError) throw contextError;
          const data: unknown = await callTRPCProcedure({
            router,
            path: call.path,
            type: procedureType,
            ctx,
            getRawInput: async () => (await inputs.read())[call.batchIndex],
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
          onError?.({ error, path: call.path, request });
          const input = inputs.result()?.[call.batchIndex];
          const kind = call.procedure?._def.type ?? 'unknown';
          return { error: getTRPCErrorShape({ config, error, type: kind, path: call.path, input, ctx }) };
        }
      }),
    );

    const body = isBatch ? outcomes : outcomes[0]!;
    const json = isBatch ? `[${outcomes.map(serialize).join(',')}]` : serialize(outcomes[0]!);
    if (answerPlace && outcomes.every((outcome) => 'result' in outcome)) {
      const values = outcomes.map((outcome) => ('result' in outcome ? outcome.result.data : undefined));
      answerPlace.cache.keep(answerPlace.key, { body: json }, values);
    }
    return reply.status(getHTTPStatusCode(body)).send(json);
  });
}

/** jsonl batches and form or binary bodies: tRPC's own handler streams and parses those. */
function needsStreamingHandler(request: FastifyRequest, contentType: string | undefined): boolean {
  const trpcAccept = request.headers['trpc-accept'];
  const acceptsJsonl =
    trpcAccept !== undefined
      ? trpcAccept === 'application/jsonl'
      : (request.headers.accept?.split(',').some((value) => value.trim() === 'application/jsonl') ?? false);
  return (
    acceptsJsonl ||
    (contentType !== undefined &&
      (contentType.startsWith('multipart/form-data') || contentType.startsWith('application/octet-stream')))
  );
}

/** The one procedure type of a call; a batch may not mix them. Unknown paths do not count. */
function callType(calls: readonly Call[]): TRPCProcedureType | 'unknown' {
  const types = new Set<TRPCProcedureType>();
  for (const call of calls) if (call.procedure) types.add(call.procedure._def.type);
  if (types.size > 1) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Cannot mix procedure types in call: ${[...types].join(', ')}` });
  }
  return types.values().next().value ?? 'unknown';
}

/** Aborts when the connection closes before the answer is written (the client gave up). */
function abortedWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort(clientClosed);
  });
  return controller.signal;
}

/** The abort reason, made once: the default (a DOMException) records a stack on every abort. */
const clientClosed = new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'The client closed the request' });

/** The call inputs, parsed once and only when a procedure asks; a parse failure is bad input. */
class LazyInputs {
  private parsed: Record<number, unknown> | undefined;

  constructor(private readonly parse: () => Record<number, unknown>) {}

  async read(): Promise<Record<number, unknown>> {
    if (this.parsed === undefined) {
      try {
        this.parsed = this.parse();
      } catch (cause) {
        if (cause instanceof TRPCError) throw cause;
        throw new TRPCError({ code: 'BAD_REQUEST', message: cause instanceof Error ? cause.message : 'Invalid input', cause });
      }
    }
    return this.parsed;
  }

  result(): Record<number, unknown> | undefined {
    return this.parsed;
  }
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && !Array.isArray(value) && typeof value === 'object';
}

/** A result tRPC can only stream: an async iterable, or an object holding promises or iterables. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (Symbol.asyncIterator in value) return true;
  return Object.values(value).some((member) => isPromiseLike(member) || (isObject(member) && Symbol.asyncIterator in member));
}

function isPromiseLike(value: unknown): boolean {
  return (isObject(value) || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';
}
