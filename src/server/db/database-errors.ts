// Recognises the errors a database gives while it is away (restarting, shut down, unreachable), or
// when it gave up on a statement (statement_timeout, lock_timeout: a row held too long by another
// transaction), so every layer answers 503 instead of a 500. The postgres driver reconnects by
// itself on the next query, and a statement given up on changed nothing, so nothing else is needed.
import { TRPCError } from '@trpc/server';
import { messages } from '../../shared/messages';

/** Socket failures (Node) and connection failures (the postgres driver). */
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
]);

/**
 * SQLSTATEs of a server going away: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03';
}

/** SQLSTATEs of a statement given up on: 57014 query_canceled (statement_timeout), 55P03 lock_not_available (lock_timeout). */
const GAVE_UP = new Set(['57014', '55P03']);

/** True when `error`, or any error in its cause chain, has a code `matches` accepts. */
function hasCode(error: unknown, matches: (code: string) => boolean): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && matches(code)) return true;
  }
  return false;
}

/**
 * What a database function raised with `sqlState` (RAISE EXCEPTION USING ERRCODE = …): its message
 * and detail, from `error` or any error in its cause chain (drizzle wraps the driver's); null when
 * it is another error.
 */
export function raisedWith(error: unknown, sqlState: string): { message: string; detail?: string } | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    if (code === sqlState) return { message: current.message, ...(typeof detail === 'string' ? { detail } : {}) };
  }
  return null;
}

/** True when `error`, or any error in its cause chain, is a statement that waited out its lock_timeout. */
export function isLockTimeout(error: unknown): boolean {
  return hasCode(error, (code) => code === '55P03');
}

/** True when `error`, or any error in its cause chain, says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return hasCode(error, (code) => connectionErrorCodes.has(code) || isUnavailableSqlState(code));
}

/**
 * The 503 to answer when `error` means the database is away, or gave up on a statement waiting
 * too long (for a row another transaction holds); null for any other error.
 */
export function databaseUnavailableError(error: unknown): TRPCError | null {
  if (error instanceof TRPCError && error.code === 'SERVICE_UNAVAILABLE') return null;
  if (isDatabaseUnavailable(error))
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.databaseUnavailable, cause: error });
  if (hasCode(error, (code) => GAVE_UP.has(code)))
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.databaseBusy, cause: error });
  return null;
}
