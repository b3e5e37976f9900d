// Reads a Fastify request into tRPC's TRPCRequestInfo, as tRPC's JSON content handler does
// (contentType.ts in @trpc/server 11.19.0), and refuses what this adapter does not serve before
// any context is made: other content types, batches over the limit, streamed batches and
// subscriptions. Inputs stay unparsed until a procedure asks for them.
import { TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter, type TRPCProcedureType } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyRequest } from 'fastify';

/** What a refused request still tells responseMeta and onError: info once the calls are known. */
export class RefusedRequest extends Error {
  constructor(
    readonly error: TRPCError,
    readonly info: TRPCRequestInfo | undefined,
  ) {
    super(error.message);
  }
}

interface ReadOptions {
  router: AnyTRPCRouter;
  maxBatchSize: number;
  signal: AbortSignal;
}

export function readRequestInfo(
  request: FastifyRequest<{ Params: { path: string } }>,
  { router, maxBatchSize, signal }: ReadOptions,
): TRPCRequestInfo {
  const { method } = request;
  const contentType = request.headers['content-type'];
  if (method !== 'GET' && !contentType?.startsWith('application/json')) {
    // tRPC's own wording, unclosed quote included, so both adapters answer alike.
    const message = contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header';
    throw new RefusedRequest(new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message }), undefined);
  }
  const query = request.query as Record<string, string | string[] | undefined>;
  const isBatchCall = firstValue(query.batch) === '1';
  const paths = isBatchCall ? request.params.path.split(',') : [request.params.path];
  if (paths.length > maxBatchSize) {
    throw new RefusedRequest(new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' }), undefined);
  }

  const config = router._def._config;
  const inputs = new LazyInputs(() => {
    const raw = method === 'GET' ? firstValue(query.input) || undefined : (request.body as string | undefined);
    const parsed: unknown = raw === undefined ? undefined : JSON.parse(raw);
    if (parsed === undefined) return {};
    if (!isBatchCall) return { 0: config.transformer.input.deserialize(parsed) as unknown };
    if (!isObject(parsed)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
    }
    const byIndex: Record<number, unknown> = {};
    for (const index of paths.keys()) {
      if (parsed[index] !== undefined) byIndex[index] = config.transformer.input.deserialize(parsed[index]);
    }
    return byIndex;
  });
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const calls: TRPCRequestInfo['calls'] = paths.map((path, batchIndex) => ({
    path,
    batchIndex,
    procedure: procedures[path] ?? null,
    getRawInput: async () => (await inputs.read())[batchIndex],
    result: () => inputs.result()?.[batchIndex],
  }));

  const types = new Set<TRPCProcedureType>();
  for (const call of calls) if (call.procedure) types.add(call.procedure._def.type);
  if (types.size > 1) {
    const error = new TRPCError({ code: 'BAD_REQUEST', message: `Cannot mix procedure types in call: ${[...types].join(', ')}` });
    throw new RefusedRequest(error, undefined);
  }

  const info: TRPCRequestInfo = {
    accept: acceptsJsonl(request) ? 'application/jsonl' : null,
    type: types.values().next().value ?? 'unknown',
    isBatchCall,
    calls,
    // Only httpSubscriptionLink and websockets send connection params; neither is served here.
    connectionParams: null,
    signal,
    // Made only if something reads it: nothing in a JSON call needs it.
    get url() {
      return urlOf(request);
    },
  };
  if (info.accept === 'application/jsonl') {
    const message = 'This server does not stream answers (httpBatchStreamLink); use httpBatchLink or httpLink';
    throw new RefusedRequest(new TRPCError({ code: 'BAD_REQUEST', message }), info);
  }
  if (info.type === 'subscription') {
    // The answer tRPC itself gives when server-sent-event subscriptions are turned off.
    const message = 'This server does not serve subscriptions over HTTP';
    throw new RefusedRequest(new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message }), info);
  }
  return info;
}

/** httpBatchStreamLink asks with trpc-accept, older clients with Accept (tRPC's getAcceptHeader). */
function acceptsJsonl(request: FastifyRequest): boolean {
  const trpcAccept = request.headers['trpc-accept'];
  if (trpcAccept !== undefined) return trpcAccept === 'application/jsonl';
  return request.headers.accept?.split(',').some((value) => value.trim() === 'application/jsonl') ?? false;
}

/** The request's URL, or null when its Host header cannot make one (tRPC allows null). */
function urlOf(request: FastifyRequest): URL | null {
  try {
    return new URL(request.url, `${request.protocol}://${request.host}`);
  } catch {
    return null;
  }
}

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
