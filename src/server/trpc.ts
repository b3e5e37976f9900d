// tRPC is initialised once, here. Routers use only the builders exported below.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { apiKeyMessages } from '../shared/api-key-messages';
import type { ApiScope } from '../shared/api-scopes';
import { firstIssueMessage } from '../shared/issue-message';
import { messages } from '../shared/messages';
import { RateLimitExceeded, rateLimitKeys, type RateLimitName } from './auth/rate-limits';
import type { Freshness } from './cache/read-cache';
import type { Context } from './context';
import { ConflictWithCurrent } from './domains/conflict-with-current';
import { auditKeyedOrderWrite } from './domains/developers/api-key-use';
import { databaseUnavailableError } from './db/database-errors';
import type { CountedEvent } from './metrics/metrics';
import { PaymentsUnavailableError } from './payments/payments-gateway';

/** What a procedure declares about itself, read by middleware and by the HTTP layer. */
export interface Meta {
  /**
   * The procedure answers every caller alike for the same input: its answer is kept in memory
   * until its freshness runs out (cache/read-cache.ts), and browsers and CDNs may keep it too.
   */
  shared?: Freshness;
  /**
   * The budget each call spends (auth/rate-limits.ts), per client IP or per signed-in user; a
   * call over it is refused with TOO_MANY_REQUESTS and a Retry-After. Every mutation has one.
   */
  rateLimit?: RateLimitName;
  /** The business event each call of the procedure is, counted by outcome in the metrics. */
  counted?: CountedEvent;
  /**
   * The scope an API key needs to call the procedure. A call made with a key to a procedure that
   * declares none is refused: a key opens only what its scopes name.
   */
  apiScope?: ApiScope;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? z.flattenError(error.cause) : null;
      const hidden = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        message: hidden ? messages.serverError : zodError ? firstIssueMessage(error.cause as ZodError) : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          zodError,
          current: error.cause instanceof ConflictWithCurrent ? error.cause.current : undefined,
        },
      };
    },
  });

/**
 * Gives every failure a sentence a person understands, for callers and HTTP alike: the first
 * input problem's message (not zod's JSON), and 503 when a dependency is down.
 */
const readableErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const { cause } = result.error;
  if (cause instanceof ZodError) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: firstIssueMessage(cause), cause });
  }
  if (cause instanceof PaymentsUnavailableError) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.paymentsUnavailable, cause });
  }
  const databaseAway = databaseUnavailableError(result.error);
  if (databaseAway) throw databaseAway;
  return result;
});

/**
 * Spends the budget the procedure declares (`meta.rateLimit`). Calls over tRPC and REST both pass
 * here; in-process callers have no client and no limit. It runs before the session checks, so
 * calls without a session are counted against their IP. A call made with an API key spends its
 * key's `apiKey` budget instead of any per-IP one, and still its account's per-user budget.
 */
const withinBudget = t.middleware(async ({ ctx, meta, next }) => {
  const name = meta?.rateLimit;
  const { client, user, apiKey } = ctx;
  if (!client) return next();
  const spent: Array<[RateLimitName, string]> = [];
  if (apiKey) spent.push(['apiKey', `key:${apiKey.id}`]);
  if (name && rateLimitKeys[name] === 'user' && user) spent.push([name, `user:${user.id}`]);
  else if (name && !apiKey) spent.push([name, `ip:${client.ip}`]);
  for (const [budget, key] of spent) {
    const verdict = await client.rateLimits.take(budget, key);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
  }
  return next();
});

/**
 * What a call made with an API key may do: only procedures that declare a scope the key holds. An
 * unusable key is refused at every procedure, public ones too, so a program with a revoked key
 * learns it at once rather than reading as a visitor. Every order write made with a key (a
 * mutation under orders:write; a quote under that scope writes nothing) is audited.
 */
const withinKeyScopes = t.middleware(async ({ ctx, meta, path, type, next }) => {
  if (ctx.session === 'invalid_key') throw new TRPCError({ code: 'UNAUTHORIZED', message: apiKeyMessages.keyInvalid });
  const { apiKey, user } = ctx;
  if (!apiKey) return next();
  const scope = meta?.apiScope;
  if (!scope) throw new TRPCError({ code: 'FORBIDDEN', message: apiKeyMessages.keyNotForThis });
  if (!apiKey.scopes.includes(scope)) throw new TRPCError({ code: 'FORBIDDEN', message: apiKeyMessages.keyMissingScope(scope) });
  const result = await next();
  if (result.ok && type === 'mutation' && scope === 'orders:write' && user) {
    // The write has committed: failing the call now would have the program retry a write that was
    // made (a second order). A line that cannot be stored goes to the log whole instead.
    await auditKeyedOrderWrite(ctx.deps.db, user, apiKey.id, path).catch((error: unknown) =>
      ctx.deps.log.error(
        { err: error, audit: { userId: user.id, apiKeyId: apiKey.id, path } },
        'could not audit an order write made with an API key',
      ),
    );
  }
  return result;
});

/**
 * Records every call, over tRPC and REST alike, by procedure and outcome (ok or the error code
 * the caller sees), and the business event a procedure declares itself to be.
 */
const measured = t.middleware(async ({ ctx, meta, path, type, next }) => {
  const started = performance.now();
  const result = await next();
  const outcome = result.ok ? 'ok' : result.error.code;
  ctx.deps.metrics.procedureCalled(path, type, outcome, (performance.now() - started) / 1000);
  if (meta?.counted) ctx.deps.metrics.counted(meta.counted, outcome);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(measured).use(readableErrors).use(withinBudget).use(withinKeyScopes);

/**
 * Keeps the answer of a procedure declared shared under its path and parsed input, so junk in a
 * request or a call repeated in a batch finds the same entry. Only a successful answer is kept.
 */
const keptWhileFresh = t.middleware(({ ctx, meta, path, input, next }) => {
  const freshness = meta?.shared;
  if (!freshness) return next();
  return ctx.deps.cache.read(`${path} ${JSON.stringify(input) ?? ''}`, freshness, async () => {
    const result = await next();
    if (!result.ok) throw result.error;
    return { ok: true as const, data: result.data, marker: result.marker };
  });
});

/**
 * A read that answers every caller alike, kept until `freshness` runs out: the declaration the
 * read cache and the HTTP caching headers both follow. The input is parsed before the answer is
 * looked up, so the key is the parsed input.
 */
export function sharedRead<TInput extends z.ZodType>(input: TInput, freshness: Freshness) {
  return publicProcedure.meta({ shared: freshness }).input(input).use(keptWhileFresh);
}

/** Requires a valid session; narrows ctx.user to the signed-in user. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message:
        ctx.session === 'removed'
          ? messages.accountRemoved
          : ctx.session === 'invalid'
            ? messages.sessionExpired
            : messages.signInRequired,
    });
  }
  // tRPC merges what next() is given over the context, so naming the narrowed user is enough.
  return next({ ctx: { user: ctx.user } });
});

/** Requires a signed-in admin; a signed-in non-admin gets FORBIDDEN. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: messages.adminOnly });
  return next();
});

/** An admin's change to parts, orders or accounts, within the admins' budget per user. */
export const adminWriteProcedure = adminProcedure.meta({ rateLimit: 'adminWrite' });

/** The refusal of a call over its budget, saying when the caller may try again. */
export function tooManyRequests(retryAfterSeconds: number): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: messages.tooManyRequests,
    cause: new RateLimitExceeded(retryAfterSeconds),
  });
}

/** Seconds a refused caller should wait (the Retry-After header), for a refusal over budget. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof TRPCError && error.cause instanceof RateLimitExceeded ? error.cause.retryAfterSeconds : undefined;
}
