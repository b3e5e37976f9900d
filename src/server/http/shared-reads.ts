// The server-side render's only way into the shop's data: the shared reads (procedures declared
// `sharedRead`, which answer every visitor alike), called in-process as an anonymous visitor, so
// they go through the read cache and their rules as a browser's calls do, and answered as JSON,
// exactly what the browser would get over HTTP and hydrate from.
import type { AnyTRPCProcedure } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedRead } from '../../shared/page-render';
import { stringifyJson } from '../cache/json';
import { createContextInner, type AppDeps } from '../context';
import { appRouter, createCaller } from '../routers';
import { isSharedRead } from './public-cache';

const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure | undefined>;

type CallerNode = ((input: unknown) => Promise<unknown>) & { [key: string]: CallerNode };

export function sharedReads(deps: AppDeps, log: FastifyBaseLogger): SharedRead {
  return async (path, input) => {
    // The render asks only for what its pages show; anything else is a mistake in the render.
    if (!isSharedRead(procedures[path])) throw new Error(`${path} is not a shared read`);
    const caller = createCaller(await createContextInner({ ...deps, log }, undefined)) as unknown as CallerNode;
    const procedure = path.split('.').reduce((node, key) => node[key]!, caller);
    try {
      return { ok: true, data: JSON.parse(stringifyJson(await procedure(input)) ?? 'null') as unknown };
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      const httpStatus = getHTTPStatusCodeFromError(error);
      if (httpStatus >= 500) throw error;
      return { ok: false, httpStatus, message: error.message };
    }
  };
}
