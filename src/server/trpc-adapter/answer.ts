// Writing an answer: the JSON tRPC's resolveResponse would write, and the status and headers
// responseMeta asks for, applied to Fastify's reply the way resolveResponse applies them to its
// Headers (tRPC 11.19.0's initResponse).
import { transformTRPCResponse, type AnyTRPCRouter } from '@trpc/server';
import type { ResponseMeta } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import type { FastifyReply } from 'fastify';

/**
 * What JSON.stringify(transformTRPCResponse(…)) gives for one call, with a result's data turned
 * into JSON by `stringify` when the router's transformer leaves values as they are.
 */
export function serializerFor(
  router: AnyTRPCRouter,
  stringify: (data: unknown) => string | undefined,
): (outcome: TRPCResponse) => string {
  const config = router._def._config;
  const probe = {};
  const plainOutput = config.transformer.output.serialize(probe) === probe;
  return (outcome) => {
    // tRPC types every router's config as RootConfig<any>; this is the router's own config.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
    if (!plainOutput || !('result' in outcome)) return JSON.stringify(transformTRPCResponse(config, outcome));
    const data = stringify(outcome.result.data);
    return data === undefined ? '{"result":{}}' : `{"result":{"data":${data}}}`;
  };
}

/** Headers from responseMeta: a Headers object adds to what is set, a plain string replaces it. */
export function applyMetaHeaders(reply: FastifyReply, headers: ResponseMeta['headers']): void {
  if (!headers) return;
  if (headers instanceof Headers) {
    for (const [name, value] of headers.entries()) appendHeader(reply, name, value);
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const each of value) appendHeader(reply, name, each);
    else if (typeof value === 'string') void reply.header(name, value);
  }
}

function appendHeader(reply: FastifyReply, name: string, value: string): void {
  const existing = reply.getHeader(name);
  // Fastify already keeps every set-cookie it is given.
  if (existing === undefined || name.toLowerCase() === 'set-cookie') void reply.header(name, value);
  else void reply.header(name, `${String(existing)}, ${value}`);
}
