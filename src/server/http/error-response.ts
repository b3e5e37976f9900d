// One JSON error shape for every HTTP error outside tRPC: { error: { code, message } }.
// Server faults are logged with the request id and never shown to the caller.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { firstIssueMessage } from '../../shared/issue-message';
import { messages } from '../../shared/messages';
import { databaseUnavailableError } from '../db/database-errors';
import { retryAfterOf } from '../trpc';

export interface ErrorBody {
  error: { code: string; message: string };
}

const codesByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** Fastify's own messages for these repeat the whole URL back; ours say it in words. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: messages.addressInvalid,
  FST_ERR_MAX_PARAM_LENGTH: messages.addressTooLong,
};

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = describe(error);
  if (status >= 500) logServerFault(request, error);
  // A route that failed after choosing what to send (a CSV download whose first read failed) had
  // set that answer's type and file name: the error is JSON, and no download.
  void reply
    .removeHeader('content-disposition')
    .type('application/json; charset=utf-8')
    .status(status)
    .headers(retryAfterHeaders([error]).headers ?? {})
    .send(body);
}

/** Retry-After for answers refusing calls over their budget: the longest wait among them. */
export function retryAfterHeaders(errors: readonly unknown[]): { headers?: Record<string, string> } {
  const waits = errors.map(retryAfterOf).filter((seconds) => seconds !== undefined);
  return waits.length > 0 ? { headers: { 'retry-after': String(Math.max(...waits)) } } : {};
}

/** One error line with the request's id (its logger's) and the cause, the same from tRPC and REST. */
export function logServerFault(request: FastifyRequest, error: Error): void {
  request.log.error({ err: error }, 'request failed');
}

function describe(error: Error): { status: number; body: ErrorBody } {
  const databaseAway = databaseUnavailableError(error);
  if (databaseAway) return { status: 503, body: errorBody(databaseAway.code, databaseAway.message) };
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500 && status !== 503) return serverFault();
    const message = error.cause instanceof ZodError ? firstIssueMessage(error.cause) : error.message;
    return { status, body: errorBody(error.code, message) };
  }
  // A route that validates its own body (POST /vitals) refuses bad input like a procedure does.
  if (error instanceof ZodError) return { status: 400, body: errorBody('BAD_REQUEST', firstIssueMessage(error)) };
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 500) return serverFault();
  const message = frameworkMessages[(error as FastifyError).code] ?? error.message;
  return { status, body: errorBody(codesByStatus[status] ?? 'BAD_REQUEST', message) };
}

function serverFault(): { status: number; body: ErrorBody } {
  return { status: 500, body: errorBody('INTERNAL_SERVER_ERROR', messages.serverError) };
}
