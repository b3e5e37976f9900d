// tRPC is initialised once, here. Routers use only the builders exported below.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { messages } from '../shared/messages';
import type { Context } from './context';
import { PaymentsUnavailableError } from './payments/payments-gateway';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? z.flattenError(error.cause) : null;
    const hidden = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: hidden ? messages.serverError : zodError ? firstIssueMessage(error.cause as ZodError) : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, zodError },
    };
  },
});

export function firstIssueMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

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
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(readableErrors);

/** Requires a valid session; narrows ctx.user to the signed-in user. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: ctx.session === 'invalid' ? messages.sessionExpired : messages.signInRequired,
    });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Requires a signed-in admin; a signed-in non-admin gets FORBIDDEN. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: messages.adminOnly });
  return next();
});
